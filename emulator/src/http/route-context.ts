/**
 * What a route handler receives, and what it answers. Handlers are plain functions from a
 * context to the 200 body; any other answer is a thrown `ReplyError`, which the pipeline
 * renders in the right error shape.
 */
import type { OperationId } from '../../../common/api';
import type { Caller } from '../access/access-rules';
import type { EmulatorData } from '../data/loaded-data';
import type { QueryEngine } from '../query-engine';
import type { EmulatorState } from '../state/emulator-state';

export interface RouteContext {
  readonly data: EmulatorData;
  readonly engine: QueryEngine;
  readonly state: EmulatorState;
  readonly caller: Caller;
  /** Decoded path parameters, by the names of the operation's path template. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body, already checked against the operation's request schema. */
  readonly body: unknown;
}

/** Answers the 200 body of one operation. */
export type RouteHandler = (context: RouteContext) => unknown;

export type RouteTable = Readonly<Record<OperationId, RouteHandler>>;

/** A path parameter the router guarantees to be present. */
export function param(context: RouteContext, name: string): string {
  return context.params[name] ?? '';
}

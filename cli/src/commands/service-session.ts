/**
 * A client for commands that act on the service without a query file (`iql collaboration …`):
 * the profile made from IQL_BASE_URL and IQL_API_KEY, as for files, and one way to report a
 * failed call — the service's own message, and the exit code of its kind.
 */
import type { ServiceError } from '../../../common/service-result';
import { profilesFromEnvironment, resolveTarget, ServiceClient, type ServiceTarget } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import { ExitCode, type CliIo } from '../io';
import { classifyFailure, EXIT_FOR_FAILURE, formatUnavailable } from './service-failure';

export type ServiceSession = { readonly ok: true; readonly client: ServiceClient; readonly target: ServiceTarget } | { readonly ok: false; readonly exitCode: number };

export function openServiceSession(io: CliIo, command: string): ServiceSession {
  const env = io.env ?? process.env;
  const resolution = resolveTarget({}, profilesFromEnvironment(env));
  if (resolution.kind === 'offline') {
    io.stderr.write(
      `iql ${command}: no service is configured: ${resolution.cause} Set IQL_BASE_URL and IQL_API_KEY ` +
        `(for the local emulator: run 'iql emulator' and use the URL it prints with the key demo-key-ana).\n`,
    );
    return { ok: false, exitCode: ExitCode.noService };
  }
  const created = ServiceClient.create(resolution.target.profile, { version: SERVER_VERSION });
  if (!created.ok) {
    io.stderr.write(`iql ${command}: ${formatUnavailable(created.error, resolution.target)}\n`);
    return { ok: false, exitCode: ExitCode.noService };
  }
  return { ok: true, client: created.value, target: resolution.target };
}

/** Reports a failed call and returns its exit code: 1 when the service refused, 2 when it could not be asked. */
export function reportFailure(io: CliIo, command: string, target: ServiceTarget, error: ServiceError): number {
  const kind = classifyFailure(error, io.signal);
  if (kind === 'cancelled') {
    io.stderr.write(`iql ${command}: cancelled.\n`);
  } else if (kind === 'unavailable') {
    io.stderr.write(`iql ${command}: ${formatUnavailable(error, target)}\n`);
  } else {
    io.stderr.write(`iql ${command}: the service refused: ${error.serviceMessage ?? error.message}\n`);
  }
  return EXIT_FOR_FAILURE[kind];
}

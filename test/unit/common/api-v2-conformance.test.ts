// The API 2.0 modules of common/api are still written by hand (loading the generated 2.0 zod
// schemas costs ~120 ms per process, see common/api/GENERATION.md). This file makes them follow
// the swagger anyway, at no run-time cost: `tsc -b` fails when a field read by a hand-written
// schema is missing from the generated type of the same operation or has an incompatible type.
// An open string where the swagger has a closed enum is accepted on purpose (the service adds
// values); so is a field the hand-written schema leaves out.
import { test } from 'node:test';
import type { z } from 'zod';
import type * as api from '../../../common/api';
import type * as v2 from '../../../common/api/generated/v2/types.gen';

type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;

/** The paths (`.a.b[]`) where a value of type H could not be a value of type G; never when it fits. */
type Mismatch<H, G, P extends string> = [H] extends [never]
  ? never
  : [H] extends [readonly (infer HI)[]]
  ? [G] extends [readonly (infer GI)[]] ? Mismatch<HI, NonNullable<GI>, `${P}[]`> : P
  : [H] extends [object]
    ? [G] extends [object]
      ? { [K in keyof H & string]-?: K extends keyof G ? Mismatch<NonNullable<H[K]>, NonNullable<G[K]>, `${P}.${K}`> : `${P}.${K} (not in the swagger)` }[keyof H & string]
      : P
    : [H] extends [Widen<G>] ? never : P;

/** `true` when nothing mismatches; otherwise the mismatching paths, shown in tsc's message. */
type Verdict<M> = [M] extends [never] ? true : { readonly mismatches: M };

/**
 * Compiles only when the hand-written answer fits the generated one (call it with `true`).
 * `Allowed` lists paths where the hand-written schema reads more on purpose, each said why.
 */
function conforms<S extends z.ZodType, G, Allowed extends string = never>(fits: Verdict<Exclude<Mismatch<z.output<S>, G, ''>, Allowed>>): unknown {
  return fits;
}
/** The same for request bodies, which the caller writes: read as the schema's input. */
function conformsInput<S extends z.ZodType, G>(fits: Verdict<Mismatch<z.input<S>, G, ''>>): unknown {
  return fits;
}

// One hand-written shape serves both a list item and the single view, so the list reads the
// detail's extra fields as optional (seed 001 §2.2 line 39, §2.3 line 49, §2.4 line 74).
type CollaborationDatasetDetailOnly =
  | '.datasets[].keys[].fill_rate (not in the swagger)'
  | '.datasets[].attributes[].id (not in the swagger)'
  | '.datasets[].attributes[].fill_rate (not in the swagger)';
type ConnectionDetailOnly = '.connections[].keys (not in the swagger)';
type ExportDetailOnly = '.activation_exports[].push_config (not in the swagger)';
type PushDetailOnly = '.activation_pushes[].push_config (not in the swagger)';

test('the hand-written API 2.0 schemas fit the generated types (checked by tsc)', () => {
  conforms<typeof api.ListCollaborationsResponseSchema, v2.ListCollaborationsResponses[200]>(true);
  conforms<typeof api.GetCollaborationResponseSchema, v2.GetCollaborationResponses[200]>(true);
  conforms<typeof api.ListCollaborationDatasetsResponseSchema, v2.ListDatasetsResponses[200], CollaborationDatasetDetailOnly>(true);
  conforms<typeof api.CollaborationDatasetDetailSchema, v2.GetDatasetDetailsResponses[200]>(true);
  conforms<typeof api.AttributeColumnStatsResponseSchema, v2.AttributeColumnStatsResponses[200]>(true);
  conforms<typeof api.ExportColumnStatsResponseSchema, v2.ExportColumnStatsResponses[200]>(true);
  conforms<typeof api.KeyColumnStatsResponseSchema, v2.KeyColumnStatsResponses[200]>(true);
  conforms<typeof api.SummaryStatsResponseSchema, v2.SummaryStatsResponses[200]>(true);
  conforms<typeof api.ListCollaborationDestinationsResponseSchema, v2.ListDestinationsResponses[200]>(true);
  conforms<typeof api.GetCollaborationDestinationResponseSchema, v2.GetDestinationDetailsResponses[200]>(true);
  conforms<typeof api.ListCollaborationConnectionsResponseSchema, v2.ListConnectionsResponses[200], ConnectionDetailOnly>(true);
  conforms<typeof api.GetCollaborationConnectionResponseSchema, v2.GetConnectionResponses[200]>(true);
  conforms<typeof api.ListActivationSegmentsResponseSchema, v2.ListActivationSegmentsResponses[200]>(true);
  conforms<typeof api.ActivationSegmentResponseSchema, v2.GetActivationSegmentResponses[200]>(true);
  conforms<typeof api.ActivationSegmentResponseSchema, v2.CreateActivationSegmentResponses[200]>(true);
  conforms<typeof api.ActivationSegmentResponseSchema, v2.UpdateActivationSegmentResponses[200]>(true);
  conforms<typeof api.DeleteActivationSegmentResponseSchema, v2.DeleteActivationSegmentResponses[200]>(true);
  conforms<typeof api.CalculateActivationSegmentResponseSchema, v2.CalculateActivationSegmentResponses[200]>(true);
  conforms<typeof api.ExportActivationSegmentResponseSchema, v2.ExportActivationSegmentResultsResponses[200]>(true);
  conforms<typeof api.ListActivationSegmentExportsResponseSchema, v2.ListActivationSegmentExportsResponses[200], ExportDetailOnly>(true);
  conforms<typeof api.GetActivationSegmentExportResponseSchema, v2.GetActivationSegmentExportResponses[200]>(true);
  conforms<typeof api.ListDatasetsV2ResponseSchema, v2.DatasetsListDatasetsResponses[200]>(true);
  conforms<typeof api.GetDatasetV2ResponseSchema, v2.GetDatasetResponses[200]>(true);
  conforms<typeof api.ListDestinationInstancesResponseSchema, v2.ListDestinationInstancesResponses[200]>(true);
  conforms<typeof api.CreateDestinationInstanceResponseSchema, v2.CreateDestinationInstanceResponses[200]>(true);
  conforms<typeof api.DestinationInstanceResponseSchema, v2.GetDestinationInstanceResponses[200]>(true);
  conforms<typeof api.DestinationInstanceResponseSchema, v2.UpdateDestinationInstanceResponses[200]>(true);
  conforms<typeof api.DeleteDestinationInstanceResponseSchema, v2.DeleteDestinationInstanceResponses[200]>(true);
  conforms<typeof api.ListDestinationTypesResponseSchema, v2.ListDestinationTypesResponses[200]>(true);
  conforms<typeof api.GetDestinationTypeSchemaResponseSchema, v2.GetDestinationTypeSchemaResponses[200]>(true);
  conformsInput<typeof api.CreateDestinationInstanceRequestSchema, v2.CreateDestinationInstanceData['body']>(true);
  conformsInput<typeof api.UpdateDestinationInstanceRequestSchema, v2.UpdateDestinationInstanceData['body']>(true);
  conformsInput<typeof api.CreateActivationSegmentRequestSchema, v2.CreateActivationSegmentData['body']>(true);
  conformsInput<typeof api.UpdateActivationSegmentRequestSchema, v2.UpdateActivationSegmentData['body']>(true);
  conformsInput<typeof api.ExportActivationSegmentRequestSchema, v2.ExportActivationSegmentResultsData['body']>(true);
  // The deprecated query-based pushes (seed 001 §4.5).
  conforms<typeof api.ListActivationDestinationsResponseSchema, v2.ListActivationDestinationsResponses[200]>(true);
  conforms<typeof api.PushActivationResultsResponseSchema, v2.PushActivationResultsResponses[200]>(true);
  conforms<typeof api.GetActivationDestinationPushSchemaResponseSchema, v2.GetActivationDestinationPushSchemaResponses[200]>(true);
  conforms<typeof api.ListActivationPushesResponseSchema, v2.ListActivationPushesResponses[200], PushDetailOnly>(true);
  conforms<typeof api.GetActivationPushResponseSchema, v2.GetActivationPushResponses[200]>(true);
  conformsInput<typeof api.PushActivationResultsRequestSchema, v2.PushActivationResultsData['body']>(true);
});

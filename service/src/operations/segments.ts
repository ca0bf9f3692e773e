/**
 * The typed calls of API 2.0 activation segments. Create, update, delete, calculate and export are sent once.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  ActivationSegmentResponse,
  CalculateActivationSegmentResponse,
  CreateActivationSegmentRequest,
  DeleteActivationSegmentResponse,
  ExportActivationSegmentRequest,
  ExportActivationSegmentResponse,
  GetActivationSegmentExportResponse,
  GetActivationSegmentDestinationPushSchemaResponse,
  ListActivationSegmentDestinationsResponse,
  ListActivationSegmentExportsResponse,
  ListActivationSegmentsResponse,
  UpdateActivationSegmentRequest,
  V2ListParams,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { SegmentRef } from '../../../common/protocol/jobs';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function listActivationSegments(client: ServiceClient, collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentsResponse> {
  return client.call('listActivationSegments', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

export function createActivationSegment(client: ServiceClient, collaborationId: string, body: CreateActivationSegmentRequest, options?: CallOptions): Answer<ActivationSegmentResponse> {
  return client.call('createActivationSegment', { params: { collaboration_id: collaborationId }, body }, options);
}

export function getActivationSegment(client: ServiceClient, segment: SegmentRef, options?: CallOptions): Answer<ActivationSegmentResponse> {
  return client.call('getActivationSegment', { params: segmentParams(segment) }, options);
}

export function updateActivationSegment(client: ServiceClient, segment: SegmentRef, body: UpdateActivationSegmentRequest, options?: CallOptions): Answer<ActivationSegmentResponse> {
  return client.call('updateActivationSegment', { params: segmentParams(segment), body }, options);
}

export function deleteActivationSegment(client: ServiceClient, segment: SegmentRef, options?: CallOptions): Answer<DeleteActivationSegmentResponse> {
  return client.call('deleteActivationSegment', { params: segmentParams(segment) }, options);
}

/** Answers the 1.0 `query_id` to follow with getQuery/getQueryResult (see calculateSegment). */
export function calculateActivationSegment(client: ServiceClient, segment: SegmentRef, options?: CallOptions): Answer<CalculateActivationSegmentResponse> {
  return client.call('calculateActivationSegment', { params: segmentParams(segment) }, options);
}

export function exportActivationSegment(client: ServiceClient, segment: SegmentRef, body: ExportActivationSegmentRequest, options?: CallOptions): Answer<ExportActivationSegmentResponse> {
  return client.call('exportActivationSegment', { params: segmentParams(segment), body }, options);
}

export function listActivationSegmentExports(client: ServiceClient, segment: SegmentRef, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentExportsResponse> {
  return client.call('listActivationSegmentExports', { params: segmentParams(segment), query: api().toV2ListQuery(list) }, options);
}

export function getActivationSegmentExport(client: ServiceClient, segment: SegmentRef, exportId: string, options?: CallOptions): Answer<GetActivationSegmentExportResponse> {
  return client.call('getActivationSegmentExport', { params: { ...segmentParams(segment), export_id: exportId } }, options);
}

/** The collaboration's destinations an export of this segment may go to. */
export function listActivationSegmentDestinations(client: ServiceClient, segment: SegmentRef, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentDestinationsResponse> {
  return client.call('listActivationSegmentDestinations', { params: segmentParams(segment), query: api().toV2ListQuery(list) }, options);
}

/** The JSON Schema an export's `push_config` to this destination must satisfy (its defaults are the instance's). */
export function getActivationSegmentDestinationPushSchema(client: ServiceClient, segment: SegmentRef, destinationId: string, options?: CallOptions): Answer<GetActivationSegmentDestinationPushSchemaResponse> {
  return client.call('getActivationSegmentDestinationPushSchema', { params: { ...segmentParams(segment), destination_id: destinationId } }, options);
}

function segmentParams(segment: SegmentRef): { collaboration_id: string; activation_segment_id: string } {
  return { collaboration_id: segment.collaborationId, activation_segment_id: segment.segmentId };
}

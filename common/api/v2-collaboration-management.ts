/**
 * API 2.0 collaboration management (seed 001 §4.4): create, close and leave a collaboration;
 * add and remove its datasets, activation datasets, insight datasets and destinations. The
 * schemas are the generated ones (generated/v2-in-use, from the swagger): every body field is
 * optional on the wire, so the service, not the schema, says which are required.
 */
import type { z } from 'zod';
import {
  zAddActivationDatasetBody, zAddActivationDatasetResponse, zAddDatasetBody, zAddDatasetResponse, zAddDestinationBody,
  zAddDestinationResponse, zAddInsightDatasetBody, zAddInsightDatasetResponse, zCloseCollaborationResponse,
  zCreateCollaborationBody, zCreateCollaborationResponse, zLeaveCollaborationResponse, zRemoveActivationDatasetResponse,
  zRemoveDatasetResponse, zRemoveDestinationResponse, zRemoveInsightDatasetResponse,
} from './generated/v2-in-use/zod.gen';

/** POST /api/v2/collaborations — members are fixed here: none can be added later. */
export const CreateCollaborationRequestSchema = zCreateCollaborationBody;
export type CreateCollaborationRequest = z.input<typeof CreateCollaborationRequestSchema>;
export const CreateCollaborationResponseSchema = zCreateCollaborationResponse;
export type CreateCollaborationResponse = z.output<typeof CreateCollaborationResponseSchema>;

export const CloseCollaborationResponseSchema = zCloseCollaborationResponse;
export const LeaveCollaborationResponseSchema = zLeaveCollaborationResponse;

/** Add Dataset: the general form, with every restriction of seed 001 §4.4. */
export const AddDatasetRequestSchema = zAddDatasetBody;
export type AddDatasetRequest = z.input<typeof AddDatasetRequestSchema>;
export const AddDatasetResponseSchema = zAddDatasetResponse;
export const RemoveDatasetResponseSchema = zRemoveDatasetResponse;

export const AddActivationDatasetRequestSchema = zAddActivationDatasetBody;
export type AddActivationDatasetRequest = z.input<typeof AddActivationDatasetRequestSchema>;
export const AddActivationDatasetResponseSchema = zAddActivationDatasetResponse;
export const RemoveActivationDatasetResponseSchema = zRemoveActivationDatasetResponse;

export const AddInsightDatasetRequestSchema = zAddInsightDatasetBody;
export type AddInsightDatasetRequest = z.input<typeof AddInsightDatasetRequestSchema>;
export const AddInsightDatasetResponseSchema = zAddInsightDatasetResponse;
export const RemoveInsightDatasetResponseSchema = zRemoveInsightDatasetResponse;

export const AddDestinationRequestSchema = zAddDestinationBody;
export type AddDestinationRequest = z.input<typeof AddDestinationRequestSchema>;
export const AddDestinationResponseSchema = zAddDestinationResponse;
export const RemoveDestinationResponseSchema = zRemoveDestinationResponse;

/** The `{}` answer of every management operation but Create. */
export type EmptyAnswer = z.output<typeof CloseCollaborationResponseSchema>;

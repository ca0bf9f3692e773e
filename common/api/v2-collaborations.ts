/**
 * API 2.0 collaborations: List Collaborations (paged) and Get Collaboration (seed 001, 2.1).
 * A member's `rights` decide what the caller may do: `operator` runs queries, `contributor`
 * adds assets, `detailed_logs` reads dataset stats.
 */
import { z } from 'zod';
import { PaginationResponseSchema } from './pagination';

export const MemberRightsSchema = z.object({
  contributor: z.boolean().default(false),
  detailed_logs: z.boolean().default(false),
  operator: z.boolean().default(false),
});
export type MemberRights = z.infer<typeof MemberRightsSchema>;

/** The rights a collaboration member can hold, as the service spells them. */
export type CollaborationRight = keyof MemberRights;

export const CollaborationMemberSchema = z.object({
  id: z.string().optional(),
  display_name: z.string().optional(),
  rights: MemberRightsSchema.optional(),
});
export type CollaborationMember = z.infer<typeof CollaborationMemberSchema>;

/** STATUS_ACTIVE, STATUS_CLOSED, STATUS_INVALID (open set). */
export const CollaborationSummarySchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  created_date_time: z.string().optional(),
  updated_date_time: z.string().optional(),
  last_activity_date_time: z.string().optional(),
  members: z.array(CollaborationMemberSchema).default([]),
  owner: CollaborationMemberSchema.optional(),
  private_path_enabled: z.boolean().optional(),
  status: z.string().optional(),
});
export type CollaborationSummary = z.infer<typeof CollaborationSummarySchema>;

/** GET /api/v2/collaborations — List Collaborations. */
export const ListCollaborationsResponseSchema = z.object({
  collaborations: z.array(CollaborationSummarySchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListCollaborationsResponse = z.infer<typeof ListCollaborationsResponseSchema>;

export const CollaborationActivationDatasetSchema = z.object({
  collaboration_dataset_name: z.string().optional(),
  dataset_id: z.string().optional(),
  exportable_to_members: z.array(z.string()).optional(),
  intersection_only: z.boolean().optional(),
  owner_id: z.string().optional(),
});

export const CollaborationInsightDatasetSchema = z.object({
  activation_allowed: z.boolean().optional(),
  allowed_attributes: z.array(z.string()).optional(),
  attribute_restriction: z.boolean().optional(),
  collaboration_dataset_name: z.string().optional(),
  dataset_id: z.string().optional(),
  intersection_only: z.boolean().optional(),
  owner_id: z.string().optional(),
});

export const CollaborationDatasetEntrySchema = CollaborationInsightDatasetSchema.extend({
  allowed_destination_types: z.array(z.string()).optional(),
  destination_type_restriction: z.boolean().optional(),
  exportable_to_members: z.array(z.string()).optional(),
});

/** The rule fields of one collaboration dataset: what members may do with it. */
export type CollaborationDatasetRules = Pick<
  z.infer<typeof CollaborationDatasetEntrySchema>,
  'intersection_only' | 'attribute_restriction' | 'allowed_attributes' | 'activation_allowed' | 'exportable_to_members'
>;

export const CollaborationSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  created_date_time: z.string().optional(),
  updated_date_time: z.string().optional(),
  last_activity_date_time: z.string().optional(),
  status: z.string().optional(),
  owner: CollaborationMemberSchema.optional(),
  members: z.array(CollaborationMemberSchema).default([]),
  destination_ids: z.array(z.string()).optional(),
  activation_datasets: z.array(CollaborationActivationDatasetSchema).optional(),
  insight_datasets: z.array(CollaborationInsightDatasetSchema).optional(),
  datasets: z.array(CollaborationDatasetEntrySchema).optional(),
});
export type Collaboration = z.infer<typeof CollaborationSchema>;

/** GET /api/v2/collaborations/{collaboration_id} — Get Collaboration. */
export const GetCollaborationResponseSchema = z.object({ collaboration: CollaborationSchema });
export type GetCollaborationResponse = z.infer<typeof GetCollaborationResponseSchema>;

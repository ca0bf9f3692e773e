/**
 * API 2.0 automation configs and executions (seed 001 §2.7, §4.3). The schemas are the
 * generated ones (generated/v2-in-use, from the swagger).
 */
import type { z } from 'zod';
import type {
  zAutomationConfigsAutomationStep, zAutomationConfigsAutomationsExternalV2Config, zAutomationExecutionExecution, zAutomationExecutionExecutionStep,
} from './generated/v2-in-use/zod.gen';
import {
  zCreateConfigBody, zCreateConfigResponse, zDeleteConfigResponse, zExecuteResponse, zGetConfigResponse, zGetExecutionResponse, zListConfigsResponse,
  zListExecutionResponse, zUpdateConfigBody, zUpdateConfigResponse,
} from './generated/v2-in-use/zod.gen';

export type AutomationConfig = z.output<typeof zAutomationConfigsAutomationsExternalV2Config>;
export type AutomationStep = z.output<typeof zAutomationConfigsAutomationStep>;
export type AutomationExecution = z.output<typeof zAutomationExecutionExecution>;
export type AutomationExecutionStep = z.output<typeof zAutomationExecutionExecutionStep>;

/** GET /api/v2/automations/configs — `configs`, paged; order_by defaults to `updated_date_time DESC`. */
export const ListAutomationConfigsResponseSchema = zListConfigsResponse;
export type ListAutomationConfigsResponse = z.output<typeof ListAutomationConfigsResponseSchema>;

/** POST /api/v2/automations/configs. */
export const CreateAutomationConfigRequestSchema = zCreateConfigBody;
export type CreateAutomationConfigRequest = z.input<typeof CreateAutomationConfigRequestSchema>;
export const AutomationConfigResponseSchema = zCreateConfigResponse;
export type AutomationConfigResponse = z.output<typeof AutomationConfigResponseSchema>;

/** GET /api/v2/automations/configs/{config_id} — the config and its latest execution's ID. */
export const GetAutomationConfigResponseSchema = zGetConfigResponse;
export type GetAutomationConfigResponse = z.output<typeof GetAutomationConfigResponseSchema>;

/** PATCH /api/v2/automations/configs/{config_id} — the provided fields replace; steps are not updatable. */
export const UpdateAutomationConfigRequestSchema = zUpdateConfigBody;
export type UpdateAutomationConfigRequest = z.input<typeof UpdateAutomationConfigRequestSchema>;
export const UpdateAutomationConfigResponseSchema = zUpdateConfigResponse;

/** DELETE /api/v2/automations/configs/{config_id} — its executions go with it. */
export const DeleteAutomationConfigResponseSchema = zDeleteConfigResponse;

/** POST /api/v2/automations/configs/{config_id}/execute — runs now, whatever the schedule. */
export const ExecuteAutomationConfigResponseSchema = zExecuteResponse;
export type ExecuteAutomationConfigResponse = z.output<typeof ExecuteAutomationConfigResponseSchema>;

/** GET /api/v2/automations/executions — `executions`, paged. */
export const ListAutomationExecutionsResponseSchema = zListExecutionResponse;
export type ListAutomationExecutionsResponse = z.output<typeof ListAutomationExecutionsResponseSchema>;

/** GET /api/v2/automations/executions/{execution_id} — the execution and its steps. */
export const GetAutomationExecutionResponseSchema = zGetExecutionResponse;
export type GetAutomationExecutionResponse = z.output<typeof GetAutomationExecutionResponseSchema>;

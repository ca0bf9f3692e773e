/**
 * API 2.0 insight reports (seed 001 §2.6, §4.2): list, create, the definition, the status and
 * the single and cross category results of a completed report. The schemas are the generated
 * ones (generated/v2-in-use, from the swagger).
 */
import type { z } from 'zod';
import {
  zGetCrossCategoryResultResponse, zGetDefinitionResponse, zGetStatusResponse, zListSinglesResultsResponse, zReportsCreateBody,
  zReportsCreateResponse2, zReportsListResponse2, zReportsV1Status,
} from './generated/v2-in-use/zod.gen';

/** GET /api/v2/reports/insight — `reports`, paged. */
export const ListInsightReportsResponseSchema = zReportsListResponse2;
export type ListInsightReportsResponse = z.output<typeof ListInsightReportsResponseSchema>;
export type InsightReportSummary = NonNullable<ListInsightReportsResponse['reports']>[number];

/** POST /api/v2/reports/insight — the filters are IQL filters (LANGUAGE.md §6). */
export const CreateInsightReportRequestSchema = zReportsCreateBody;
export type CreateInsightReportRequest = z.input<typeof CreateInsightReportRequestSchema>;
export const CreateInsightReportResponseSchema = zReportsCreateResponse2;
export type CreateInsightReportResponse = z.output<typeof CreateInsightReportResponseSchema>;

/** GET /api/v2/reports/insight/{report_id}/definition. */
export const GetInsightReportDefinitionResponseSchema = zGetDefinitionResponse;
export type GetInsightReportDefinitionResponse = z.output<typeof GetInsightReportDefinitionResponseSchema>;

/** GET /api/v2/reports/insight/{report_id}/status. */
export const GetInsightReportStatusResponseSchema = zGetStatusResponse;
export type GetInsightReportStatusResponse = z.output<typeof GetInsightReportStatusResponseSchema>;
export const InsightReportStatusSchema = zReportsV1Status;
export type InsightReportStatus = z.output<typeof InsightReportStatusSchema>;

/** GET /api/v2/reports/insight/{report_id}/results/singles — `results`, paged. */
export const ListInsightReportSinglesResponseSchema = zListSinglesResultsResponse;
export type ListInsightReportSinglesResponse = z.output<typeof ListInsightReportSinglesResponseSchema>;
export type SingleCategoryResult = NonNullable<ListInsightReportSinglesResponse['results']>[number];

/** GET /api/v2/reports/insight/{report_id}/results/cross?category_1=…&category_2=…. */
export const GetInsightReportCrossResponseSchema = zGetCrossCategoryResultResponse;
export type GetInsightReportCrossResponse = z.output<typeof GetInsightReportCrossResponseSchema>;
export type CrossCategoryResult = NonNullable<GetInsightReportCrossResponse['result']>;

/**
 * What a report file may name, asked of the service: the company's datasets (List Datasets
 * 2.0, one page of the largest size in private-ID order: completion offers them, any id is still
 * accepted) and the categories of the first `CATEGORY_DATASETS` of them (Get Dataset metadata
 * by private ID, at once) as examples; the language server checks a report's categories
 * against the baseline's own. A company with thousands of datasets costs one page and a few
 * metadata reads, not one read per dataset. A dataset whose metadata cannot be read is still
 * offered, without categories. No 'vscode'.
 */
import type { ProfileService } from '../service/profile-service';
import type { ReportDatasetChoice } from './report-file-schema';

/** The largest page List Datasets 2.0 answers (its swagger: "Maximum is 500"). */
const LARGEST_PAGE = 500;
/** Datasets whose categories are read for the schema's examples. */
const CATEGORY_DATASETS = 50;

export type ReportChoices =
  | { readonly ok: true; readonly datasets: readonly ReportDatasetChoice[]; /** Why not every dataset is offered. */ readonly note?: string }
  | { readonly ok: false; readonly reason: string };

export async function loadReportChoices(client: Pick<ProfileService, 'call'>, signal?: AbortSignal): Promise<ReportChoices> {
  const options = signal ? { signal } : {};
  const listed = await client.call('listDatasetsV2', { query: { 'pagination.page': 1, 'pagination.per_page': LARGEST_PAGE, order_by: 'private_id' } }, options);
  if (!listed.ok) return { ok: false, reason: listed.error.serviceMessage ?? listed.error.message };
  const page = listed.value.datasets.filter((dataset) => dataset.dataset_id !== '');
  const datasets = await Promise.all(
    page.map(async (dataset, index): Promise<ReportDatasetChoice> => {
      const choice = { dataset_id: dataset.dataset_id, ...(dataset.private_id ? { private_id: dataset.private_id } : {}), ...(dataset.public_name ? { public_name: dataset.public_name } : {}) };
      if (!dataset.private_id || index >= CATEGORY_DATASETS) return choice;
      const metadata = await client.call('getDatasetMetadata', { params: { private_id: dataset.private_id } }, options);
      if (!metadata.ok) return choice;
      const categories = metadata.value.schema?.categories ?? metadata.value.dataset.stats?.categories ?? [];
      return { ...choice, categories: categories.map((category) => category.label ?? '').filter((label) => label !== '') };
    }),
  );
  const total = listed.value.pagination?.total_results ?? datasets.length;
  if (total <= datasets.length) return { ok: true, datasets };
  return { ok: true, datasets, note: `Completion offers the first ${datasets.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} datasets (by private ID); any other dataset id is accepted.` };
}

/**
 * What a report file may name, asked of the service: the company's datasets (List Datasets
 * 2.0) and the categories each has (Get Dataset metadata by its private ID, all at once). A
 * dataset whose metadata cannot be read is still offered, without categories. No 'vscode'.
 */
import type { ProfileService } from '../service/profile-service';
import type { ReportDatasetChoice } from './report-file-schema';

export type ReportChoices = { readonly ok: true; readonly datasets: readonly ReportDatasetChoice[] } | { readonly ok: false; readonly reason: string };

export async function loadReportChoices(client: Pick<ProfileService, 'call' | 'listAll'>, signal?: AbortSignal): Promise<ReportChoices> {
  const options = signal ? { signal } : {};
  const listed = await client.listAll('listDatasetsV2', {}, options);
  if (!listed.ok) return { ok: false, reason: listed.error.serviceMessage ?? listed.error.message };
  const datasets = await Promise.all(
    listed.value.map(async (dataset): Promise<ReportDatasetChoice> => {
      const choice = { dataset_id: dataset.dataset_id, ...(dataset.private_id ? { private_id: dataset.private_id } : {}), ...(dataset.public_name ? { public_name: dataset.public_name } : {}) };
      if (!dataset.private_id) return choice;
      const metadata = await client.call('getDatasetMetadata', { params: { private_id: dataset.private_id } }, options);
      if (!metadata.ok) return choice;
      const categories = metadata.value.schema?.categories ?? metadata.value.dataset.stats?.categories ?? [];
      return { ...choice, categories: categories.map((category) => category.label ?? '').filter((label) => label !== '') };
    }),
  );
  return { ok: true, datasets };
}

/**
 * The rules a collaboration puts on each of its datasets, read from Get Collaboration for
 * the catalog of a collaboration target: the editor checks queries against them while the
 * author types. The 2.0 answer lists them in `datasets`; the playbook's answer leaves that out
 * and splits them into `activation_datasets` and `insight_datasets`, so both are read.
 */
import type { Collaboration, CollaborationDatasetRules } from '../../common/api';
import { succeed, type ServiceResult } from '../../common/service-result';
import type { ServiceClient } from './service-client';
import { getCollaboration } from './operations/collaborations';

export async function collaborationRules(client: ServiceClient, collaborationId: string, signal: AbortSignal): Promise<ServiceResult<Map<string, CollaborationDatasetRules>>> {
  const answer = await getCollaboration(client, collaborationId, { signal });
  if (!answer.ok) return answer;
  return succeed(rulesByDataset(answer.value.collaboration));
}

export function rulesByDataset(collaboration: Collaboration): Map<string, CollaborationDatasetRules> {
  const rules = new Map<string, CollaborationDatasetRules>();
  const merge = (name: string | undefined, entry: CollaborationDatasetRules): void => {
    if (name === undefined) return;
    rules.set(name, { ...rules.get(name), ...entry });
  };
  for (const entry of collaboration.insight_datasets ?? []) merge(entry.collaboration_dataset_name, entry);
  for (const entry of collaboration.activation_datasets ?? []) merge(entry.collaboration_dataset_name, { ...entry, activation_allowed: true });
  for (const entry of collaboration.datasets ?? []) merge(entry.collaboration_dataset_name, entry);
  return rules;
}

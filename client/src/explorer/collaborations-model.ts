/**
 * The Collaborations tree as data: the profile's collaborations (every page of List
 * Collaborations), each with the user's company's role and rights there, expanding to sections
 * loaded only when opened — its members (Get Collaboration, with their rights), datasets (with
 * attributes, keys and output columns), destinations, activation segments and the newest
 * events of its log.
 */
import type { ActivationExport, CollaborationDataset, CollaborationEvent, CollaborationMember, CollaborationSummary, PagedItem } from '../../../common/api';
import { isFinalExportStatus } from '../../../common/api/export-status';
import type { ServiceResult } from '../../../common/service-result';
import type { CollaborationDatasetNode, CollaborationNode, CollaborationSection, ExplorerNode, SectionNode, SegmentNode } from './explorer-node';
import { collaborationAccess } from './collaboration-access';
import { findOwnCompany } from './own-company';
import { ExplorerModel } from './explorer-model';
import type { ReadyScope } from './explorer-model';
import { collaborationFilterFields, matchesFilter } from './node-filter';
import { compareNames } from '../name-order';

const SECTIONS: readonly CollaborationSection[] = ['members', 'datasets', 'destinations', 'segments', 'events'];
/** How many of the newest events the tree shows; the whole log is one export away. */
export const EVENTS_SHOWN = 100;
const EMPTY_SECTION: Record<CollaborationSection, string> = {
  members: 'No member is listed.',
  events: 'No event in the log yet.',
  datasets: 'No dataset in this collaboration yet.',
  destinations: 'No destination in this collaboration yet.',
  segments: 'No activation segment yet. Create one from an activation query.',
};

export class CollaborationsModel extends ExplorerModel {
  /** Exports being followed to their end (by the tree, or by the Export command that said so). */
  private readonly followedExports = new Set<string>();
  /** The collaborations of the current load (unfiltered), or the failure. Never throws. */
  async collaborationList(): Promise<ServiceResult<readonly CollaborationSummary[]> | undefined> {
    const scope = await this.scope();
    return scope.kind === 'ready' ? this.collaborations(scope) : undefined;
  }

  /** The node of collaboration `id`, made visible (filter cleared, list extended) if needed. */
  async findCollaboration(id: string): Promise<CollaborationNode | undefined> {
    const list = await this.collaborationList();
    if (list === undefined || !list.ok || !list.value.some((c) => c.id === id)) return undefined;
    if (!this.visible(list.value).some((c) => c.id === id)) this.setFilter('');
    this.ensureShown(undefined, this.visible(list.value).findIndex((c) => c.id === id) + 1);
    return (await this.getChildren()).find((node): node is CollaborationNode => node.kind === 'collaboration' && node.collaboration.id === id);
  }

  /** The section node `section` of collaboration `id`, if that collaboration is listed. */
  async findSection(id: string, section: CollaborationSection): Promise<SectionNode | undefined> {
    const collaboration = await this.findCollaboration(id);
    if (collaboration === undefined) return undefined;
    return (await this.getChildren(collaboration)).find((node): node is SectionNode => node.kind === 'section' && node.section === section);
  }

  /**
   * The node of the dataset named `name` (its collaboration dataset name; exact match first,
   * then ignoring case) in collaboration `id`. Undefined when there is none. Never throws.
   */
  async findCollaborationDataset(id: string, name: string): Promise<CollaborationDatasetNode | undefined> {
    const section = await this.findSection(id, 'datasets');
    if (section === undefined) return undefined;
    const datasets = (await this.getChildren(section)).filter((node): node is CollaborationDatasetNode => node.kind === 'collaborationDataset');
    const lower = name.toLowerCase();
    const found =
      datasets.find((node) => node.dataset.collaboration_dataset_name === name) ??
      datasets.find((node) => node.dataset.collaboration_dataset_name.toLowerCase() === lower);
    if (found !== undefined) return found;
    // Past "Show more…": extend the list to the dataset, then look again.
    const all = await this.sectionItems(section);
    const index = all.ok ? (all.value as CollaborationDataset[]).findIndex((d) => d.collaboration_dataset_name.toLowerCase() === lower) : -1;
    if (index < 0) return undefined;
    this.ensureShown(section, index + 1);
    return (await this.getChildren(section)).find(
      (node): node is CollaborationDatasetNode => node.kind === 'collaborationDataset' && node.dataset.collaboration_dataset_name.toLowerCase() === lower,
    );
  }

  /** Reloads one section of one collaboration from the service (after a change made there). */
  async reloadSection(id: string, section: CollaborationSection): Promise<void> {
    const node = await this.findSection(id, section);
    if (node !== undefined) this.invalidate(node, sectionKey(id, section));
  }

  protected async rootChildren(scope: ReadyScope): Promise<ExplorerNode[]> {
    const [list, companyId] = await Promise.all([this.collaborations(scope), this.once('company', (signal) => findOwnCompany(scope.service, signal))]);
    if (!list.ok) return this.problemNodes(undefined, list.error, scope.profile);
    const withRights = await this.once('rights', (signal) => addMissingRights(scope, list.value, companyId, signal));
    const visible = this.visible(withRights);
    if (visible.length === 0) {
      const text = this.filter !== '' ? `No collaboration matches "${this.filter}".` : `Profile "${scope.profile}" is in no collaboration.`;
      return [this.messageNode(undefined, text)];
    }
    return this.limitedNodes(undefined, visible, (collaboration): CollaborationNode => ({
      kind: 'collaboration',
      id: `${scope.profile}/${collaboration.id}`,
      profile: scope.profile,
      collaboration,
      access: collaborationAccess(collaboration, companyId),
      ...(companyId === undefined ? {} : { companyId }),
    }));
  }

  protected async nodeChildren(node: ExplorerNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    switch (node.kind) {
      case 'collaboration':
        return SECTIONS.map((section): SectionNode => ({
          kind: 'section',
          id: `${node.id}/${section}`,
          parent: node,
          profile: node.profile,
          collaborationId: node.collaboration.id,
          section,
        }));
      case 'section':
        return this.sectionChildren(node, scope);
      case 'collaborationDataset':
        return collaborationDatasetChildren(node);
      case 'segment':
        return this.segmentExports(node, scope);
      default:
        return [];
    }
  }

  private async sectionChildren(node: SectionNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    const items = await this.sectionItems(node, scope);
    if (!items.ok) return this.problemNodes(node, items.error, scope.profile);
    if (items.value.length === 0) return [this.messageNode(node, EMPTY_SECTION[node.section])];
    const common = { parent: node, profile: node.profile, collaborationId: node.collaborationId };
    switch (node.section) {
      case 'datasets':
        return this.limitedNodes(node, items.value as CollaborationDataset[], (dataset) => ({ kind: 'collaborationDataset', id: `${node.id}/${dataset.id}/${dataset.collaboration_dataset_name}`, dataset, ...common }));
      case 'destinations':
        return this.limitedNodes(node, items.value as SectionItems['destinations'], (destination) => ({ kind: 'destination', id: `${node.id}/${destination.id}`, destination, ...common }));
      case 'segments':
        return this.limitedNodes(node, items.value as SectionItems['segments'], (segment) => ({ kind: 'segment', id: `${node.id}/${segment.id}`, segment, ...common }));
      case 'members': {
        const { owner, companyId } = membersContext(node);
        return this.limitedNodes(node, items.value as CollaborationMember[], (member) => ({
          kind: 'member', id: `${node.id}/${member.id ?? member.display_name ?? '?'}`, parent: node, member, isOwner: member.id !== undefined && member.id === owner, isUs: member.id !== undefined && member.id === companyId,
        }));
      }
      case 'events':
        return this.limitedNodes(node, items.value as CollaborationEvent[], (event) => ({ kind: 'event', id: `${node.id}/${event.event_date_time ?? ''}/${event.type ?? ''}/${event.message ?? ''}`, parent: node, event }));
    }
  }

  /** Reads a segment's exports again (after an export was started from the editor). */
  reloadSegmentExports(node: SegmentNode): void {
    this.invalidate(node, `exports:${node.collaborationId}:${node.segment.id}`);
  }

  /** Says that the caller follows export `exportId` itself, so the tree does not follow it too. */
  noteFollowedExport(exportId: string): void {
    this.followedExports.add(exportId);
  }

  /**
   * Follows each listed export that is still running (started elsewhere: the command line, an
   * automation, another window) in the background and reads the list again once one ended, so
   * that no row stays "running" for ever. A failure to follow leaves the row as listed.
   */
  private followRunningExports(node: SegmentNode, scope: ReadyScope, records: readonly ActivationExport[]): void {
    for (const record of records) {
      if (isFinalExportStatus(record.status) || this.followedExports.has(record.export_id)) continue;
      this.followedExports.add(record.export_id);
      const ref = { collaborationId: node.collaborationId, segmentId: node.segment.id, exportId: record.export_id };
      void scope.service.runJob({ kind: 'segmentExport', export: ref }).then((ended) => {
        if (ended.ok) this.reloadSegmentExports(node);
        // Not followed to its end (cancelled, unreachable): the next listing tries again.
        else this.followedExports.delete(record.export_id);
      });
    }
  }

  /** A segment's exports, newest first, with the collaboration's destination names; a failure is a calm row. */
  private async segmentExports(node: SegmentNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    const params = { collaboration_id: node.collaborationId, activation_segment_id: node.segment.id };
    const [exports, destinations] = await Promise.all([
      this.once(`exports:${node.collaborationId}:${node.segment.id}`, (signal) => scope.service.listAll('listActivationSegmentExports', { params }, { signal })),
      this.once(sectionKey(node.collaborationId, 'destinations'), (signal) => loadSection(scope, node.collaborationId, 'destinations', signal)),
    ]);
    if (!exports.ok) return this.problemNodes(node, exports.error, scope.profile);
    if (exports.value.length === 0) return [this.messageNode(node, 'Not exported yet.')];
    const names = new Map(destinations.ok ? (destinations.value as SectionItems['destinations']).map((destination) => [destination.id, destination.name || destination.id] as const) : []);
    this.followRunningExports(node, scope, exports.value);
    const newestFirst = [...exports.value].sort((a, b) => (b.started_at_date_time ?? '').localeCompare(a.started_at_date_time ?? ''));
    return this.limitedNodes(node, newestFirst, (record) => ({ kind: 'segmentExport', id: `${node.id}/export/${record.export_id}`, parent: node, record, destinationNames: names }));
  }

  private async sectionItems(node: SectionNode, known?: ReadyScope): Promise<ServiceResult<readonly unknown[]>> {
    const scope = known ?? (await this.scope());
    if (scope.kind !== 'ready') return { ok: true, value: [] };
    return this.once(sectionKey(node.collaborationId, node.section), (signal) => loadSection(scope, node.collaborationId, node.section, signal));
  }

  private collaborations(scope: ReadyScope): Promise<ServiceResult<readonly CollaborationSummary[]>> {
    return this.once('collaborations', async (signal) => {
      const all = await scope.service.listAll('listCollaborations', {}, { signal });
      return all.ok ? { ok: true as const, value: all.value.sort((a, b) => compareNames(a.name || a.id, b.name || b.id)) } : all;
    });
  }

  private visible(collaborations: readonly CollaborationSummary[]): readonly CollaborationSummary[] {
    const filter = this.filter;
    return filter === '' ? collaborations : collaborations.filter((c) => matchesFilter(filter, collaborationFilterFields(c)));
  }
}

interface SectionItems {
  readonly destinations: PagedItem<'listCollaborationDestinations'>[];
  readonly segments: PagedItem<'listActivationSegments'>[];
}

/** Every item of one section of a collaboration, sorted by name. Never throws. */
async function loadSection(scope: ReadyScope, collaborationId: string, section: CollaborationSection, signal: AbortSignal): Promise<ServiceResult<readonly unknown[]>> {
  const input = { params: { collaboration_id: collaborationId } };
  switch (section) {
    case 'members': {
      const detail = await scope.service.call('getCollaboration', input, { signal });
      if (!detail.ok) return detail;
      const { owner, members } = detail.value.collaboration;
      // The owner first, then the members by name; the owner is listed once even when also a member.
      const others = members.filter((member) => member.id === undefined || member.id !== owner?.id).sort((a, b) => compareNames(a.display_name ?? a.id ?? '', b.display_name ?? b.id ?? ''));
      return { ok: true, value: owner === undefined ? others : [owner, ...others] };
    }
    case 'events': {
      const page = await scope.service.call('listCollaborationEvents', { ...input, query: { 'pagination.per_page': EVENTS_SHOWN, order_by: 'event_date_time DESC' } }, { signal });
      return page.ok ? { ok: true, value: page.value.events } : page;
    }
    case 'datasets': {
      const all = await scope.service.listAll('listCollaborationDatasets', input, { signal });
      return all.ok ? { ok: true, value: all.value.sort((a, b) => compareNames(a.collaboration_dataset_name, b.collaboration_dataset_name)) } : all;
    }
    case 'destinations': {
      const all = await scope.service.listAll('listCollaborationDestinations', input, { signal });
      return all.ok ? { ok: true, value: all.value.sort((a, b) => compareNames(a.name || a.id, b.name || b.id)) } : all;
    }
    case 'segments': {
      const all = await scope.service.listAll('listActivationSegments', input, { signal });
      return all.ok ? { ok: true, value: all.value.sort((a, b) => compareNames(a.name || a.id, b.name || b.id)) } : all;
    }
  }
}

/** A collaboration dataset's attributes, keys and output columns, from its list item (no call). */
export function collaborationDatasetChildren(node: CollaborationDatasetNode): ExplorerNode[] {
  const dataset = node.dataset;
  return [
    ...dataset.keys.map((key, index) => ({ kind: 'collaborationKey' as const, id: `${node.id}/key/${index}`, parent: node, key })),
    ...dataset.output_columns.map((name, index) => ({ kind: 'outputColumn' as const, id: `${node.id}/output/${index}`, parent: node, name })),
    ...dataset.attributes.map((attribute, index) => ({ kind: 'attribute' as const, id: `${node.id}/attribute/${index}`, parent: node, attribute })),
  ];
}

/** How many Get Collaboration calls run at once to learn the user's rights. */
const RIGHTS_CONCURRENCY = 6;

/**
 * The collaborations with the user's company's rights filled in: List Collaborations may list
 * members without rights (the 2.0 summary), so those are read from Get Collaboration, a few at
 * a time. A collaboration whose detail cannot be read keeps its summary (every action offered).
 */
async function addMissingRights(scope: ReadyScope, collaborations: readonly CollaborationSummary[], companyId: string | undefined, signal: AbortSignal): Promise<CollaborationSummary[]> {
  const result = [...collaborations];
  if (companyId === undefined) return result;
  const lacking = result.flatMap((collaboration, index) => {
    const entry = collaboration.owner?.id === companyId ? collaboration.owner : collaboration.members.find((member) => member.id === companyId);
    return entry !== undefined && entry.rights === undefined ? [index] : [];
  });
  for (let start = 0; start < lacking.length && !signal.aborted; start += RIGHTS_CONCURRENCY) {
    await Promise.all(
      lacking.slice(start, start + RIGHTS_CONCURRENCY).map(async (index) => {
        const summary = result[index]!;
        const detail = await scope.service.call('getCollaboration', { params: { collaboration_id: summary.id } }, { signal });
        if (detail.ok) result[index] = { ...summary, owner: detail.value.collaboration.owner ?? summary.owner, members: detail.value.collaboration.members };
      }),
    );
  }
  return result;
}

/** The owner's and the user's company ids, from the collaboration above a members section. */
function membersContext(node: SectionNode): { owner?: string; companyId?: string } {
  const parent = node.parent;
  return parent?.kind === 'collaboration' ? { owner: parent.collaboration.owner?.id, companyId: parent.companyId } : {};
}

function sectionKey(collaborationId: string, section: CollaborationSection): string {
  return `section:${collaborationId}:${section}`;
}

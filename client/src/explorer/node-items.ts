/**
 * What each explorer node looks like as a tree row: label, description, tooltip, icon, context
 * value (the menus of package.json match on it) and click command. Everything the service
 * wrote is used as plain text: labels, descriptions and tooltips are plain strings, so a name
 * such as `<img src=x onerror=…>` is shown as those characters and never interpreted.
 */
import type { DatasetListing } from '../../../common/protocol';
import type { CollaborationNode, CollaborationSection, DatasetGroup, ExplorerNode, NodeAction } from './explorer-node';
import { collaborationContextValue, mayRemoveOwnAsset } from './collaboration-access';
import { summarizeExport } from './export-summary';
import { isActivationDataset } from './explorer-node';
import { formatCount, formatPercent, oneLine, shortEnum } from './display-text';

/** The vscode-free description of a TreeItem; tree-item-mapping.ts makes the TreeItem. */
export interface ItemSpec {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** Plain text, several lines. */
  readonly tooltip?: string;
  readonly contextValue: string;
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
  /** A codicon id, e.g. `database`. */
  readonly icon?: string;
  readonly command?: NodeAction;
}

/**
 * Context values the menus of package.json match (`viewItem =~ /^iql\.dataset/`). Rows under
 * a collaboration add what the user may do there: `:removable` (their own asset, as a
 * contributor), `:stats` (detailed logs), `:operate` (operator, on segments).
 */
export const CONTEXT_VALUES = {
  dataset: 'iql.dataset',
  activationDataset: 'iql.dataset.activation',
  collaborationDataset: 'iql.collaborationDataset',
  segment: 'iql.segment',
} as const;

const GROUP_LABELS: Record<DatasetGroup, string> = { owned: 'Owned', shared: 'Shared with me' };
const SECTION_LABELS: Record<CollaborationSection, string> = { members: 'Members', datasets: 'Datasets', destinations: 'Destinations', segments: 'Activation segments', events: 'Events (newest first)' };
const SECTION_ICONS: Record<CollaborationSection, string> = { members: 'person', datasets: 'database', destinations: 'cloud-upload', segments: 'target', events: 'history' };
const ROLE_TEXT = { owner: 'owner', member: 'member', unknown: undefined } as const;
/** How many possible values a representation's tooltip lists before "…". */
const LISTED_VALUES = 20;

/** The row of `node`. Pure and cheap (no I/O), so that 10,000 rows cost next to nothing. */
export function describeNode(node: ExplorerNode): ItemSpec {
  switch (node.kind) {
    case 'group':
      return {
        id: node.id,
        label: GROUP_LABELS[node.group],
        description: node.filtered ? `${node.matching} of ${node.total}` : String(node.total),
        tooltip: node.group === 'owned' ? 'Datasets your company owns.' : 'Datasets other companies have shared with your company.',
        contextValue: `iql.group.${node.group}`,
        collapsible: 'expanded',
        icon: node.group === 'owned' ? 'person' : 'organization',
      };
    case 'dataset':
      return {
        id: node.id,
        label: node.dataset.private_id,
        description: optionalText(node.dataset.public_name),
        tooltip: datasetTooltip(node.dataset),
        contextValue: isActivationDataset(node.dataset) ? CONTEXT_VALUES.activationDataset : CONTEXT_VALUES.dataset,
        collapsible: 'collapsed',
        icon: 'database',
      };
    case 'datasetKey': {
      const fill = node.key.null_fraction === undefined ? undefined : formatPercent(1 - node.key.null_fraction);
      const distinct = node.key.num_distinct === undefined ? undefined : formatCount(Math.round(node.key.num_distinct));
      return {
        id: node.id,
        label: oneLine(node.key.label ?? '(unnamed key)'),
        description: joinParts(['key', fill && `${fill} filled`, distinct && `${distinct} distinct`]),
        tooltip: lines([`Key ${oneLine(node.key.label ?? '')}`, fill && `Filled: ${fill}`, distinct && `Distinct values: ${distinct}`]),
        contextValue: 'iql.key',
        collapsible: 'none',
        icon: 'key',
      };
    }
    case 'outputColumn':
      return {
        id: node.id,
        label: oneLine(node.name),
        description: 'output column',
        tooltip: `Output column ${oneLine(node.name)}: an activation query may export it.`,
        contextValue: 'iql.outputColumn',
        collapsible: 'none',
        icon: 'output',
      };
    case 'category': {
      const types = unique(node.category.representations.map((r) => r.data_type).filter(isText));
      return {
        id: node.id,
        label: oneLine(node.category.label),
        description: types.length > 0 ? types.join(', ') : undefined,
        tooltip: lines([
          `Category ${oneLine(node.category.label)}`,
          node.category.unit && `Unit: ${oneLine(node.category.unit)}`,
          `Representations: ${node.category.representations.length}`,
        ]),
        contextValue: 'iql.category',
        collapsible: node.category.representations.length > 0 ? 'collapsed' : 'none',
        icon: 'symbol-field',
      };
    }
    case 'representation': {
      const representation = node.representation;
      const values = representation.possible_values ?? [];
      const stats = representation.statistics;
      return {
        id: node.id,
        label: oneLine(representation.label ?? '(default)'),
        description: optionalText(representation.data_type),
        tooltip: lines([
          `Representation ${oneLine(representation.label ?? '(default)')}`,
          representation.data_type && `Data type: ${oneLine(representation.data_type)}`,
          stats?.num_distinct !== undefined && `Distinct values: ${formatCount(Math.round(stats.num_distinct)) ?? ''}`,
          stats?.null_fraction !== undefined && `Empty: ${formatPercent(stats.null_fraction) ?? ''}`,
          values.length > 0 &&
            `Values: ${values.slice(0, LISTED_VALUES).map(oneLine).join(', ')}${values.length > LISTED_VALUES ? `, … (${values.length} in all)` : ''}`,
        ]),
        contextValue: 'iql.representation',
        collapsible: 'none',
        icon: 'symbol-value',
      };
    }
    case 'collaboration': {
      const collaboration = node.collaboration;
      const status = shortEnum(collaboration.status, 'STATUS_');
      const role = node.access === undefined ? undefined : ROLE_TEXT[node.access.role];
      return {
        id: node.id,
        label: oneLine(collaboration.name || collaboration.id),
        description: joinParts([collaboration.id, status && status.toLowerCase(), role && `you: ${role}`]),
        tooltip: lines([
          oneLine(collaboration.name || collaboration.id),
          `ID: ${collaboration.id}`,
          collaboration.status && `Status: ${shortEnum(collaboration.status, 'STATUS_') ?? ''}`,
          collaboration.owner && `Owner: ${oneLine(collaboration.owner.display_name ?? collaboration.owner.id ?? '')}`,
          collaboration.members.length > 0 && `Members: ${collaboration.members.map((m) => oneLine(m.display_name ?? m.id ?? '?')).join(', ')}`,
          role && `Your company: ${role}${node.access ? `, ${rightsText(node.access.rights) ?? 'no rights'}` : ''}`,
          collaboration.description && `\n${collaboration.description.trim()}`,
        ]),
        contextValue: node.access ? collaborationContextValue(node.access) : 'iql.collaboration:active:unknown:contributor:operator:logs',
        collapsible: 'collapsed',
        icon: 'organization',
      };
    }
    case 'section':
      return {
        id: node.id,
        label: SECTION_LABELS[node.section],
        contextValue: `iql.section.${node.section}`,
        collapsible: 'collapsed',
        icon: SECTION_ICONS[node.section],
      };
    case 'collaborationDataset': {
      const dataset = node.dataset;
      const hasChildren = dataset.attributes.length + dataset.keys.length + dataset.output_columns.length > 0;
      return {
        id: node.id,
        label: oneLine(dataset.collaboration_dataset_name),
        description: optionalText(dataset.public_dataset_name),
        tooltip: lines([
          `${oneLine(dataset.collaboration_dataset_name)} (the name queries in this collaboration use)`,
          dataset.public_dataset_name && `Public name: ${oneLine(dataset.public_dataset_name)}`,
          `Dataset ID: ${oneLine(dataset.id)}`,
          dataset.owner_id && `Owner: ${oneLine(dataset.owner_id)}`,
          dataset.row_count !== undefined && `Rows: ${formatCount(dataset.row_count) ?? ''}`,
          dataset.type && `Type: ${shortEnum(dataset.type, 'DATASET_TYPE_') ?? ''}`,
          dataset.output_columns.length > 0 && `Output columns: ${dataset.output_columns.map(oneLine).join(', ')}`,
        ]),
        contextValue: [CONTEXT_VALUES.collaborationDataset, removable(node, dataset.owner_id) && 'removable', collaborationAbove(node)?.access?.rights.detailed_logs !== false && 'stats'].filter(Boolean).join(':'),
        collapsible: hasChildren ? 'collapsed' : 'none',
        icon: 'database',
      };
    }
    case 'attribute': {
      const attribute = node.attribute;
      const type = attribute.value_type ?? attribute.type;
      const fill = formatPercent(attribute.fill_rate);
      return {
        id: node.id,
        label: oneLine(attribute.label),
        description: joinParts([type && oneLine(type), fill && `${fill} filled`]),
        tooltip: lines([`Attribute ${oneLine(attribute.label)}`, type && `Value type: ${oneLine(type)}`, fill && `Filled: ${fill}`]),
        contextValue: 'iql.attribute',
        collapsible: 'none',
        icon: 'symbol-field',
      };
    }
    case 'collaborationKey': {
      const fill = formatPercent(node.key.fill_rate);
      return {
        id: node.id,
        label: oneLine(node.key.label),
        description: joinParts(['key', fill && `${fill} filled`]),
        tooltip: lines([`Key ${oneLine(node.key.label)}`, fill && `Filled: ${fill}`]),
        contextValue: 'iql.key',
        collapsible: 'none',
        icon: 'key',
      };
    }
    case 'destination': {
      const destination = node.destination;
      return {
        id: node.id,
        label: oneLine(destination.name || destination.id),
        description: optionalText(destination.destination_type_id),
        tooltip: lines([
          oneLine(destination.name || destination.id),
          `ID: ${oneLine(destination.id)}`,
          destination.destination_type_id && `Type: ${oneLine(destination.destination_type_id)}`,
          destination.owner_id && `Owner: ${oneLine(destination.owner_id)}`,
          destination.description && `\n${destination.description.trim()}`,
        ]),
        contextValue: removable(node, destination.owner_id) ? 'iql.destination:removable' : 'iql.destination',
        collapsible: 'none',
        icon: 'cloud-upload',
      };
    }
    case 'segment': {
      const segment = node.segment;
      const status = shortEnum(segment.status, 'ACTIVATION_SEGMENT_STATUS_');
      const rows = formatCount(segment.row_count);
      return {
        id: node.id,
        label: oneLine(segment.name || segment.id),
        description: joinParts([status, rows && `${rows} rows`]),
        tooltip: lines([
          `Activation segment ${oneLine(segment.name || segment.id)}`,
          `ID: ${oneLine(segment.id)}`,
          status && `Status: ${status}`,
          rows && `Audience: ${rows} rows`,
          segment.last_calculated_date_time && `Last calculated: ${oneLine(segment.last_calculated_date_time)}`,
          segment.created_by && `Created by: ${oneLine(segment.created_by)}`,
        ]),
        contextValue: mayOperate(node) ? `${CONTEXT_VALUES.segment}:operate` : CONTEXT_VALUES.segment,
        // Its exports are its children, newest first: the last export is one click away.
        collapsible: 'collapsed',
        icon: 'target',
      };
    }
    case 'segmentExport': {
      const summary = summarizeExport(node.record, node.destinationNames);
      const failed = (node.record.status ?? '').includes('FAIL');
      return {
        id: node.id,
        label: summary.label,
        ...(summary.description ? { description: summary.description } : {}),
        tooltip: lines([summary.label, summary.description, summary.detail]),
        contextValue: 'iql.segmentExport',
        collapsible: 'none',
        icon: failed ? 'error' : 'cloud-upload',
      };
    }
    case 'member': {
      const member = node.member;
      const name = oneLine(member.display_name || member.id || '?');
      const rights = member.rights ? rightsText(member.rights) : undefined;
      return {
        id: node.id,
        label: name,
        description: joinParts([node.isOwner && 'owner', node.isUs && 'your company', rights]),
        tooltip: lines([name, member.id && `Company ID: ${oneLine(member.id)}`, node.isOwner && 'Owner of the collaboration', rights && `Rights: ${rights}`]),
        contextValue: 'iql.member',
        collapsible: 'none',
        icon: node.isOwner ? 'star' : 'person',
      };
    }
    case 'event': {
      const event = node.event;
      const type = shortEnum(event.type, 'TYPE_');
      return {
        id: node.id,
        label: oneLine(event.message || type || 'event'),
        description: joinParts([event.event_date_time && oneLine(event.event_date_time), type && type.toLowerCase().replace(/_/g, ' ')]),
        tooltip: lines([
          event.message && oneLine(event.message),
          event.event_date_time && `When: ${oneLine(event.event_date_time)}`,
          type && `Type: ${type}`,
          event.company_id && `Company: ${oneLine(event.company_id)}`,
          ...(event.entities ?? []).map((entity) => `${oneLine(shortEnum(entity.type, 'ENTITY_TYPE_') ?? 'entity')}: ${oneLine(entity.name || entity.id || '')}`),
        ]),
        contextValue: 'iql.event',
        collapsible: 'none',
        icon: 'history',
      };
    }
    case 'more':
      return {
        id: node.id,
        label: 'Show more…',
        description: `${node.shown} of ${node.total} shown`,
        tooltip: `${node.total - node.shown} more not shown yet; click to show more, or narrow the list with the filter.`,
        contextValue: 'iql.more',
        collapsible: 'none',
        icon: 'ellipsis',
        // The row passes itself, so that the command knows which list to extend.
        command: { ...node.action, arguments: [node] },
      };
    case 'message':
      return {
        id: node.id,
        label: node.text,
        description: node.action?.title,
        tooltip: lines([node.detail ?? node.text, node.action && `\nClick to run "${node.action.title}".`]),
        contextValue: node.severity === 'problem' ? 'iql.problem' : 'iql.message',
        collapsible: 'none',
        icon: node.severity === 'problem' ? 'warning' : 'info',
        command: node.action,
      };
  }
}

/** "operator, contributor, detailed logs", or undefined for none. */
function rightsText(rights: { readonly operator?: boolean; readonly contributor?: boolean; readonly detailed_logs?: boolean }): string | undefined {
  return joinParts([rights.operator && 'operator', rights.contributor && 'contributor', rights.detailed_logs && 'detailed logs'])?.replace(/ · /g, ', ');
}

/** Whether the user may remove an asset owned by `ownerId` listed under `node`'s collaboration. */
function removable(node: ExplorerNode, ownerId: string | undefined): boolean {
  const collaboration = collaborationAbove(node);
  return mayRemoveOwnAsset(collaboration?.access, ownerId, collaboration?.companyId);
}

/** Whether the user may calculate and export segments here (the operator right, while open). */
function mayOperate(node: ExplorerNode): boolean {
  const access = collaborationAbove(node)?.access;
  return access === undefined || (access.active && access.rights.operator);
}

function collaborationAbove(node: ExplorerNode): CollaborationNode | undefined {
  let current = node.parent;
  while (current !== undefined && current.kind !== 'collaboration') current = current.parent;
  return current;
}

function datasetTooltip(dataset: DatasetListing): string {
  const owner = dataset.owner;
  const ownerText = owner && (owner.display_name || owner.id) ? oneLine(owner.display_name || owner.id || '') : undefined;
  const rows = formatCount(dataset.rowCount);
  const activation = isActivationDataset(dataset);
  return lines([
    `${dataset.private_id} (the name queries use)`,
    dataset.public_name && `Public name: ${oneLine(dataset.public_name)}`,
    ownerText && `Owner: ${ownerText}`,
    rows && `Rows: ${rows}`,
    `Activation: ${activation ? 'yes, its output columns may be exported' : 'no, insight queries only'}`,
    dataset.public_description && `\n${dataset.public_description.trim()}`,
  ]);
}

function optionalText(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : oneLine(text);
}

function lines(parts: readonly (string | false | undefined | 0)[]): string {
  return parts.filter(isText).join('\n');
}

function joinParts(parts: readonly (string | false | undefined)[]): string | undefined {
  const present = parts.filter(isText);
  return present.length > 0 ? present.join(' · ') : undefined;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

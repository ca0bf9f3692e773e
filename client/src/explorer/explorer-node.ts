/**
 * The node models of the two explorer trees (Datasets, Collaborations): plain data, built from
 * the service's answers, with no 'vscode' in sight. Each node keeps the wire object it stands
 * for, its parent (for TreeView.reveal) and an id unique within its tree and profile.
 * node-items.ts turns a node into what a tree row shows.
 */
import type {
  ActivationExport,
  ActivationSegmentSummary,
  Category,
  CollaborationAttribute,
  CollaborationDataset,
  CollaborationDestinationSummary,
  CollaborationEvent,
  CollaborationKey,
  CollaborationMember,
  CollaborationSummary,
  Dataset,
  DatasetKeyStats,
  Representation,
} from '../../../common/api';
import type { DatasetGroup, DatasetListing } from '../../../common/protocol';
import type { CollaborationAccess } from './collaboration-access';

export type { DatasetGroup } from '../../../common/protocol';

/** A command a node runs when clicked (a fix for a problem, "Show more…"). */
export interface NodeAction {
  readonly command: string;
  /** What the action does, in a few words ("Set API Key…"). */
  readonly title: string;
  readonly arguments?: readonly unknown[];
}


/** Collaborations view: the lists under each collaboration. */
export type CollaborationSection = 'members' | 'datasets' | 'destinations' | 'segments' | 'events';

interface NodeBase {
  /** Unique within its tree for one load; also the TreeItem id, so expansion survives a refresh. */
  readonly id: string;
  readonly parent?: ExplorerNode;
}

export interface GroupNode extends NodeBase {
  readonly kind: 'group';
  readonly profile: string;
  readonly group: DatasetGroup;
  /** Datasets in the group, and how many of them pass the filter. */
  readonly total: number;
  readonly matching: number;
  readonly filtered: boolean;
}

export interface DatasetNode extends NodeBase {
  readonly kind: 'dataset';
  readonly profile: string;
  readonly group: DatasetGroup;
  readonly dataset: DatasetListing;
}

export interface DatasetKeyNode extends NodeBase {
  readonly kind: 'datasetKey';
  readonly key: DatasetKeyStats;
}

export interface OutputColumnNode extends NodeBase {
  readonly kind: 'outputColumn';
  readonly name: string;
}

export interface CategoryNode extends NodeBase {
  readonly kind: 'category';
  readonly category: Category;
}

export interface RepresentationNode extends NodeBase {
  readonly kind: 'representation';
  readonly representation: Representation;
}

export interface CollaborationNode extends NodeBase {
  readonly kind: 'collaboration';
  readonly profile: string;
  readonly collaboration: CollaborationSummary;
  /** The user's company's role and rights here, which decide the actions offered. */
  readonly access?: CollaborationAccess;
  /** The user's company, when it could be told (from what it owns). */
  readonly companyId?: string;
}

export interface MemberNode extends NodeBase {
  readonly kind: 'member';
  readonly member: CollaborationMember;
  readonly isOwner: boolean;
  readonly isUs: boolean;
}

/** One export of a segment, newest first under the segment. */
export interface SegmentExportNode extends NodeBase {
  readonly kind: 'segmentExport';
  readonly record: ActivationExport;
  /** Destination ids → names, for the label. */
  readonly destinationNames: ReadonlyMap<string, string>;
}

export interface EventNode extends NodeBase {
  readonly kind: 'event';
  readonly event: CollaborationEvent;
}

export interface SectionNode extends NodeBase {
  readonly kind: 'section';
  readonly profile: string;
  readonly collaborationId: string;
  readonly section: CollaborationSection;
}

export interface CollaborationDatasetNode extends NodeBase {
  readonly kind: 'collaborationDataset';
  readonly profile: string;
  readonly collaborationId: string;
  readonly dataset: CollaborationDataset;
}

export interface AttributeNode extends NodeBase {
  readonly kind: 'attribute';
  readonly attribute: CollaborationAttribute;
}

export interface CollaborationKeyNode extends NodeBase {
  readonly kind: 'collaborationKey';
  readonly key: CollaborationKey;
}

export interface DestinationNode extends NodeBase {
  readonly kind: 'destination';
  readonly profile: string;
  readonly collaborationId: string;
  readonly destination: CollaborationDestinationSummary;
}

export interface SegmentNode extends NodeBase {
  readonly kind: 'segment';
  readonly profile: string;
  readonly collaborationId: string;
  readonly segment: ActivationSegmentSummary;
}

/** "Show more…": the list under `parent` shows `shown` of `total` items. */
export interface MoreNode extends NodeBase {
  readonly kind: 'more';
  readonly shown: number;
  readonly total: number;
  readonly action: NodeAction;
}

/** A calm sentence in place of children: an empty list, or a problem with its fix. */
export interface MessageNode extends NodeBase {
  readonly kind: 'message';
  readonly text: string;
  /** The full explanation (the service error's message), for the tooltip. */
  readonly detail?: string;
  readonly severity: 'info' | 'problem';
  readonly action?: NodeAction;
}

export type ExplorerNode =
  | GroupNode
  | DatasetNode
  | DatasetKeyNode
  | OutputColumnNode
  | CategoryNode
  | RepresentationNode
  | CollaborationNode
  | MemberNode
  | EventNode
  | SectionNode
  | CollaborationDatasetNode
  | AttributeNode
  | CollaborationKeyNode
  | DestinationNode
  | SegmentNode
  | SegmentExportNode
  | MoreNode
  | MessageNode;

export type ExplorerNodeKind = ExplorerNode['kind'];

/** True for the product values the service uses for activation (identity) datasets. */
export function isActivationDataset(dataset: Pick<Dataset, 'product'>): boolean {
  return (dataset.product ?? '').toUpperCase().includes('IDENTITY');
}

/**
 * The join path of an ExplainQuery answer as a graph: one node per dataset, one edge per hop
 * with the keys it joins on and their overlap. Hops come from the hop table, which lists the
 * real path (a LINK WITH dataset in the middle included); a join the hop table does not cover
 * becomes an edge from the join tree's own key statistics. Roles say what each dataset does:
 * counted in, member of the audience, excluded, link, filter-only, enrichment.
 */
import type { ExplainQueryResponse, PlanJoin } from '../../../common/api';
import { formatPlanCount } from '../../../common/plan/plan-outline';
import type { PlanEdge, PlanEdgeKey, PlanNode, PlanNodeRole } from '../../../common/webview/plan-view';

export interface PlanGraph {
  readonly nodes: PlanNode[];
  readonly edges: PlanEdge[];
}

/** A join of a plan tree with no sub-joins, and what the tree makes of its dataset. */
interface JoinLeaf {
  readonly join: PlanJoin;
  readonly kind: 'audience' | 'filter';
  readonly excluded: boolean;
}

const ROLE_NOTES: Readonly<Record<PlanNodeRole, string>> = {
  counted: 'individuals counted here',
  member: 'in the audience',
  excluded: 'excluded from the audience',
  link: 'links the others (no one added)',
  filter: 'read by the filter',
  enrich: 'adds categories (no one added)',
};

/**
 * Builds the graph of `explain`. Node ids are synthetic (`n0`, `n1`, …) and labels are the
 * dataset names exactly as the service wrote them, so a name is never an identifier and is
 * always drawn as text. Pure; never throws on a partial answer.
 */
export function buildPlanGraph(explain: ExplainQueryResponse): PlanGraph {
  const plan = explain.query_plan?.plan;
  const leaves: JoinLeaf[] = [];
  collectLeaves(plan?.aggregation_joins, 'audience', false, leaves);
  collectLeaves(plan?.filter_joins, 'filter', false, leaves);

  const ids = new Map<string, string>();
  const roles = new Map<string, Set<PlanNodeRole>>();
  const order: string[] = [];
  const node = (name: string): string => {
    let id = ids.get(name);
    if (id === undefined) {
      id = `n${ids.size}`;
      ids.set(name, id);
      roles.set(name, new Set());
      order.push(name);
    }
    return id;
  };
  const addRole = (name: string, role: PlanNodeRole): void => {
    node(name);
    roles.get(name)?.add(role);
  };

  const countedIn = plan?.private_id || undefined;
  if (countedIn) addRole(countedIn, 'counted');
  const joinKinds = new Map<number, 'audience' | 'filter'>();
  for (const leaf of leaves) {
    if (leaf.join.id !== undefined) joinKinds.set(leaf.join.id, leaf.kind);
    const from = leaf.join.from_private_id || undefined;
    const to = leaf.join.to_private_id || from;
    if (from) node(from);
    if (!to) continue;
    if (leaf.kind === 'filter') {
      if (to !== from) addRole(to, 'filter');
    } else {
      addRole(to, leaf.excluded ? 'excluded' : 'member');
    }
  }

  const edges = new Map<string, PlanEdge>();
  const coveredJoins = new Set<number>();
  for (const hop of explain.hop_table ?? []) {
    if (!hop.from_private_id || !hop.to_private_id || hop.from_private_id === hop.to_private_id) continue;
    if (hop.join_id !== undefined) coveredJoins.add(hop.join_id);
    const kind = hop.join_id !== undefined ? (joinKinds.get(hop.join_id) ?? 'audience') : 'audience';
    const key = JSON.stringify([hop.join_id ?? null, hop.from_private_id, hop.to_private_id]);
    const edge = edges.get(key) ?? { from: node(hop.from_private_id), to: node(hop.to_private_id), kind, keys: [], inferred: true };
    edge.keys.push(edgeKey(hop.key_name, hop));
    const leaf = leaves.find((candidate) => candidate.join.id !== undefined && candidate.join.id === hop.join_id);
    if (leaf) edge.inferred = leaf.join.keys?.inferred === true;
    edges.set(key, edge);
  }
  // Joins to another dataset that no hop describes still connect their datasets.
  for (const leaf of leaves) {
    const { from_private_id: from, to_private_id: to, id } = leaf.join;
    if (!from || !to || from === to) continue;
    if (id !== undefined && coveredJoins.has(id)) continue;
    if ([...edges.values()].some((edge) => edge.from === node(from) && edge.to === node(to))) continue;
    const used = leaf.join.keys?.used ?? [];
    const keys = (leaf.join.keys?.keys ?? []).filter((k) => used.length === 0 || used.includes(k.key_name ?? '')).map((k) => edgeKey(k.key_name, k));
    edges.set(JSON.stringify([id ?? null, from, to]), { from: node(from), to: node(to), kind: leaf.kind, keys, inferred: leaf.join.keys?.inferred === true });
  }

  // A dataset the path passes through without being joined for itself links the others.
  for (const name of order) {
    const own = roles.get(name);
    if (own && own.size === 0) own.add('link');
  }
  // A dataset that holds dimensions without being in the audience enriches it (ENRICH WITH).
  for (const dimension of explain.query_plan?.results?.dimensions ?? []) {
    const name = dimension.private_id;
    if (!name) continue;
    const own = roles.get(name);
    if (!own) addRole(name, 'enrich');
    else if (own.has('link')) {
      own.delete('link');
      own.add('enrich');
    }
  }

  const nodes = order.map((name): PlanNode => {
    const own = [...(roles.get(name) ?? [])];
    return { id: ids.get(name) ?? '', label: name, roles: own, notes: own.map((role) => ROLE_NOTES[role]) };
  });
  return { nodes, edges: [...edges.values()] };
}

/**
 * The audience a join tree describes, in IQL words: AND → INTERSECT, OR → UNION, NOT → EXCLUDE,
 * a leaf → the dataset it joins. Undefined for a tree with nothing to say.
 */
export function describeJoinTree(join: PlanJoin | undefined): string | undefined {
  if (!join) return undefined;
  const words: Readonly<Record<string, string>> = { AND: 'INTERSECT', OR: 'UNION', NOT: 'EXCLUDE' };
  const describe = (node: PlanJoin, nested: boolean): string | undefined => {
    const branches = node.combinator?.joins ?? [];
    if (node.combinator?.type && branches.length > 0) {
      const type = node.combinator.type;
      const word = Object.hasOwn(words, type) ? words[type] : type;
      const parts = branches.map((branch) => describe(branch, true) ?? '?');
      if (parts.length === 1) return parts[0];
      const text = parts.join(` ${word} `);
      return nested ? `(${text})` : text;
    }
    return node.to_private_id || node.from_private_id || undefined;
  };
  return describe(join, false);
}

function collectLeaves(join: PlanJoin | undefined, kind: JoinLeaf['kind'], excluded: boolean, into: JoinLeaf[]): void {
  if (!join) return;
  const branches = join.combinator?.joins ?? [];
  if (join.combinator?.type && branches.length > 0) {
    // NOT keeps its first branch and removes the others from it.
    const isNot = join.combinator.type === 'NOT';
    branches.forEach((branch, index) => collectLeaves(branch, kind, isNot && index > 0 ? !excluded : excluded, into));
    return;
  }
  into.push({ join, kind, excluded });
}

function edgeKey(name: string | undefined, stats: { overlap?: string | number; duplicates?: string | number; from_dataset_size?: string | number; to_dataset_size?: string | number }): PlanEdgeKey {
  return {
    key: name ?? '?',
    overlap: formatPlanCount(stats.overlap),
    duplicates: formatPlanCount(stats.duplicates),
    fromSize: formatPlanCount(stats.from_dataset_size),
    toSize: formatPlanCount(stats.to_dataset_size),
  };
}

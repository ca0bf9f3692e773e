import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { collaborationAccess, collaborationContextValue, mayRemoveOwnAsset } from '../../../../client/src/explorer/collaboration-access';
import type { CollaborationSummary } from '../../../../common/api';

interface MenuEntry {
  readonly command: string;
  readonly when: string;
}
const menus = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, MenuEntry[]> } }).contributes.menus['view/item/context']!;

/** Whether `command`'s entry in the Collaborations view shows on a row of context value `value` (the when clause's viewItem part, evaluated as VS Code does). */
function offered(command: string, value: string): boolean {
  const entries = menus.filter((entry) => entry.command === command && entry.when.includes('view == iql.collaborations'));
  assert.ok(entries.length > 0, `${command} has a menu entry in the Collaborations view`);
  return entries.some((entry) => {
    const regex = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(entry.when);
    if (regex) return new RegExp(regex[1]!).test(value);
    const equal = /viewItem == (\S+)/.exec(entry.when);
    return equal !== null && equal[1] === value;
  });
}

const collaboration = (status: string): CollaborationSummary => ({
  id: 'CLB.x',
  status,
  owner: { id: 'owner-co', display_name: 'Owner' },
  members: [
    { id: 'contrib-co', rights: { contributor: true, operator: false, detailed_logs: false } },
    { id: 'operator-co', rights: { contributor: false, operator: true, detailed_logs: true } },
  ],
});

describe('Collaborations view actions follow the company role and rights', () => {
  const contextOf = (company: string | undefined, status = 'STATUS_ACTIVE'): string => collaborationContextValue(collaborationAccess(collaboration(status), company));

  test('the owner may close; members may leave; neither the other', () => {
    assert.ok(offered('iql.collaboration.close', contextOf('owner-co')));
    assert.ok(!offered('iql.collaboration.leave', contextOf('owner-co')));
    assert.ok(offered('iql.collaboration.leave', contextOf('contrib-co')));
    assert.ok(!offered('iql.collaboration.close', contextOf('contrib-co')));
  });

  test('adding datasets and destinations needs the contributor right and an open collaboration', () => {
    for (const command of ['iql.collaboration.addDataset', 'iql.collaboration.addDestination']) {
      assert.ok(offered(command, contextOf('contrib-co')), `${command} for a contributor`);
      assert.ok(!offered(command, contextOf('operator-co')), `${command} not for an operator only`);
      assert.ok(!offered(command, contextOf('contrib-co', 'STATUS_CLOSED')), `${command} not once closed`);
      assert.ok(!offered('iql.collaboration.close', contextOf('owner-co', 'STATUS_CLOSED')), 'a closed collaboration is not closed again');
    }
  });

  test('the event log can be exported by every member, in any state', () => {
    for (const company of ['owner-co', 'contrib-co', 'operator-co']) assert.ok(offered('iql.collaboration.exportEvents', contextOf(company, 'STATUS_CLOSED')));
  });

  test('when the company cannot be told, every action is offered and the service decides', () => {
    for (const command of ['iql.collaboration.close', 'iql.collaboration.leave', 'iql.collaboration.addDataset']) assert.ok(offered(command, contextOf(undefined)), command);
  });

  test('dataset, destination and segment rows: remove own assets, stats with detailed logs, operate as operator', () => {
    assert.ok(offered('iql.collaboration.removeDataset', 'iql.collaborationDataset:removable:stats'));
    assert.ok(!offered('iql.collaboration.removeDataset', 'iql.collaborationDataset:stats'));
    assert.ok(offered('iql.collaboration.datasetStats', 'iql.collaborationDataset:stats'));
    assert.ok(!offered('iql.collaboration.datasetStats', 'iql.collaborationDataset:removable'));
    assert.ok(offered('iql.collaboration.removeDestination', 'iql.destination:removable'));
    assert.ok(!offered('iql.collaboration.removeDestination', 'iql.destination'));
    assert.ok(offered('iql.segment.calculate', 'iql.segment:operate') && offered('iql.segment.export', 'iql.segment:operate'));
    assert.ok(!offered('iql.segment.calculate', 'iql.segment') && !offered('iql.segment.export', 'iql.segment'));
    assert.ok(offered('iql.segment.listExports', 'iql.segment'));
    assert.ok(offered('iql.segment.delete', 'iql.segment:operate') && !offered('iql.segment.delete', 'iql.segment'));
  });

  test('only the owner of an asset, as a contributor of an open collaboration, may remove it', () => {
    const access = collaborationAccess(collaboration('STATUS_ACTIVE'), 'contrib-co');
    assert.ok(mayRemoveOwnAsset(access, 'contrib-co', 'contrib-co'));
    assert.ok(!mayRemoveOwnAsset(access, 'owner-co', 'contrib-co'));
    assert.ok(!mayRemoveOwnAsset(collaborationAccess(collaboration('STATUS_CLOSED'), 'contrib-co'), 'contrib-co', 'contrib-co'));
    assert.ok(!mayRemoveOwnAsset(collaborationAccess(collaboration('STATUS_ACTIVE'), 'operator-co'), 'operator-co', 'operator-co'));
  });
});

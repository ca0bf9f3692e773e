import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

interface Contributes {
  readonly commands: { command: string; title: string; category?: string }[];
  readonly menus: Record<string, { command: string; when: string; group?: string }[]>;
}
const contributes = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Contributes }).contributes;

describe('Show Events in package.json', () => {
  test('is an IQL command offered on every collaboration row, first in the log group, and not in the palette', () => {
    const command = contributes.commands.find((entry) => entry.command === 'iql.collaboration.showEvents');
    assert.deepEqual(command && { title: command.title, category: command.category }, { title: 'Show Events', category: 'IQL' });
    const menu = contributes.menus['view/item/context']?.find((entry) => entry.command === 'iql.collaboration.showEvents');
    assert.equal(menu?.when, 'view == iql.collaborations && viewItem =~ /^iql\\.collaboration:/');
    assert.equal(menu?.group, '2_log@0');
    const regex = new RegExp(/viewItem =~ \/(.+?)\//.exec(menu?.when ?? '')?.[1] ?? '^$');
    for (const value of ['iql.collaboration:active:owner:contributor:operator:logs', 'iql.collaboration:closed:member', 'iql.collaboration:active:unknown']) assert.ok(regex.test(value), value);
    assert.ok(!regex.test('iql.collaborationDataset:own'));
    assert.equal(contributes.menus.commandPalette?.find((entry) => entry.command === 'iql.collaboration.showEvents')?.when, 'false');
  });
});

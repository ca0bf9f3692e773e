/**
 * One of the company's datasets, picked from a quick pick that holds only what it shows: the
 * first page of List Datasets 2.0, and a page more each time "Show more…" is chosen; typing
 * filters what is shown. Used by Add Dataset… on a collaboration and by a prepare file's Run….
 */
import * as vscode from 'vscode';
import type { ServiceResult } from '../../../common/service-result';
import type { ProfileService } from '../service/profile-service';
import { datasetPickRows, ownedDatasetPages, type DatasetPickRow, type OwnedDataset } from './owned-dataset-pages';

/** Datasets a page of the picker shows. */
const PICK_PAGE = 200;

export interface OwnedDatasetPick {
  readonly title: string;
  readonly placeHolder?: string;
  readonly describe: (dataset: OwnedDataset) => Omit<DatasetPickRow, 'dataset'>;
}

/** The dataset picked; 'none' when the company owns none; undefined when the user closed the pick. */
export async function pickOwnedDataset(client: Pick<ProfileService, 'call'>, options: OwnedDatasetPick): Promise<ServiceResult<OwnedDataset | 'none' | undefined>> {
  const pages = ownedDatasetPages(client, PICK_PAGE);
  const first = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Listing your datasets…' }, () => pages.prefix(PICK_PAGE));
  if (!first.ok) return first;
  if (first.value.total === 0) return { ok: true, value: 'none' };

  type Item = vscode.QuickPickItem & DatasetPickRow;
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = options.title;
  if (options.placeHolder !== undefined) quickPick.placeholder = options.placeHolder;
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  const show = (items: readonly OwnedDataset[], total: number, activeIndex: number): void => {
    const rows: Item[] = datasetPickRows(items, total, options.describe).map((row) => (row.dataset === undefined ? { ...row, alwaysShow: true } : row));
    quickPick.items = rows;
    const active = rows[Math.min(activeIndex, rows.length - 1)];
    if (active !== undefined) quickPick.activeItems = [active];
  };
  show(first.value.items, first.value.total, 0);

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: ServiceResult<OwnedDataset | undefined>): void => {
      if (settled) return;
      settled = true;
      resolve(result);
      quickPick.hide();
    };
    quickPick.onDidAccept(async () => {
      const chosen = quickPick.selectedItems[0];
      if (chosen === undefined) return;
      if (chosen.dataset !== undefined) return settle({ ok: true, value: chosen.dataset });
      const shown = quickPick.items.filter((item) => item.dataset !== undefined).length;
      quickPick.busy = true;
      const more = await pages.prefix(shown + PICK_PAGE);
      quickPick.busy = false;
      if (!more.ok) return settle(more);
      show(more.value.items, more.value.total, shown);
    });
    quickPick.onDidHide(() => {
      settle({ ok: true, value: undefined });
      quickPick.dispose();
    });
    quickPick.show();
  });
}

/**
 * The results panel's page: draws each ResultsPage the host sends and reports what it drew.
 * A tab picked here is told to the host, which sends the page again with that run on show (and
 * so the saved state, from which a reload restores the panel, names it too).
 */
import type { ResultsPage } from '../../../common/webview/results-view';
import { afterPaint } from '../shared/after-paint';
import { h } from '../shared/dom';
import { connectToHost } from '../shared/host-channel';
import type { HostChannel } from '../shared/host-channel';
import { reportRendered } from '../shared/report-rendered';
import { PAGE_SCRIPT_STARTED, markMoment } from './page-marks';
import { renderResults } from './render-results';
import type { DrawnResults } from './render-results';

markMoment(PAGE_SCRIPT_STARTED);
const root = document.getElementById('app') ?? document.body;
let drawn: DrawnResults | undefined;

function draw(page: ResultsPage, channel: HostChannel): void {
  const select = (runId: string): void => channel.post({ type: 'selectRun', runId });
  const current = renderResults(root, page, channel, drawn, select);
  drawn = current;
  // Reports once the run's rows are painted (the plain first rows, before the grid is built) and
  // again once the grid has taken their place, each only if no newer view replaced this one
  // meanwhile (the report reads the page's text, which lays it out).
  const report = (): void => {
    afterPaint(() => {
      if (drawn === current) reportRendered(channel, current.runId, root);
    });
  };
  void current.ready.then(report);
  void current.settled.then(() => {
    if (current.settled !== current.ready) report();
  });
}

connectToHost(
  (message, channel) => {
    if (message.type === 'showResults') draw(message.page, channel);
  },
  () => root.replaceChildren(h('p', { className: 'message', text: 'This panel received data it cannot read. Run the query again.' })),
);

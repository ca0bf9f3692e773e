/**
 * The results panel's page: draws each ResultsView the host sends and reports what it drew.
 */
import { h } from '../shared/dom';
import { connectToHost } from '../shared/host-channel';
import { reportRendered } from '../shared/report-rendered';
import { renderResults } from './render-results';
import type { DrawnResults } from './render-results';

const root = document.getElementById('app') ?? document.body;
let drawn: DrawnResults | undefined;

connectToHost(
  (message, channel) => {
    if (message.type !== 'showResults') return;
    const current = renderResults(root, message.view, channel, drawn);
    drawn = current;
    // Reports once the grid has its rows, and only if no newer view replaced this one meanwhile.
    void current.ready.then(() => {
      if (drawn === current) reportRendered(channel, message.view.runId, root);
    });
  },
  () => root.replaceChildren(h('p', { className: 'message', text: 'This panel received data it cannot read. Run the query again.' })),
);

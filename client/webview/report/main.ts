/**
 * The insight report panel's page: draws each ReportView the host sends, asks for the cross
 * result of the categories picked, and reports what it drew once its grids have their rows.
 */
import { h } from '../shared/dom';
import { connectToHost } from '../shared/host-channel';
import { reportRendered } from '../shared/report-rendered';
import { renderReport } from './render-report';
import type { DrawnReport } from './render-report';

const root = document.getElementById('app') ?? document.body;
let drawn: DrawnReport | undefined;

connectToHost(
  (message, channel) => {
    if (message.type !== 'showReport') return;
    const current = renderReport(
      root,
      message.view,
      { cross: (categories) => channel.post({ type: 'reportCross', categories }), exportCsv: () => channel.post({ type: 'exportReport' }) },
      drawn,
    );
    drawn = current;
    // Reports once the grids have their rows, and only if no newer view replaced this one meanwhile.
    void current.ready.then(() => {
      if (drawn === current) reportRendered(channel, message.view.id, root);
    });
  },
  () => root.replaceChildren(h('p', { className: 'message', text: 'This panel received data it cannot read. Open the results again.' })),
);

/**
 * The Events panel's page: draws each EventsView the host sends (one page of a collaboration's
 * event log with its controls), sends the controls' queries back, and reports what it drew.
 */
import { h } from '../shared/dom';
import { connectToHost } from '../shared/host-channel';
import { reportRendered } from '../shared/report-rendered';
import { renderEvents } from './render-events';

const root = document.getElementById('app') ?? document.body;

connectToHost(
  (message, channel) => {
    if (message.type !== 'showEvents') return;
    renderEvents(root, message.view, (query) => channel.post({ type: 'eventsQuery', query }), () => channel.post({ type: 'exportEvents' }));
    reportRendered(channel, message.view.id, root);
  },
  () => root.replaceChildren(h('p', { className: 'message', text: 'This panel received data it cannot read. Show the events again.' })),
);

/**
 * The plan panel's page: draws each PlanView the host sends and reports what it drew.
 */
import { h } from '../shared/dom';
import { connectToHost } from '../shared/host-channel';
import { reportRendered } from '../shared/report-rendered';
import { renderPlan } from './render-plan';

const root = document.getElementById('app') ?? document.body;

connectToHost(
  (message, channel) => {
    if (message.type !== 'showPlan') return;
    renderPlan(root, message.view);
    reportRendered(channel, message.view.id, root);
  },
  () => root.replaceChildren(h('p', { className: 'message', text: 'This panel received data it cannot read. Explain the query again.' })),
);

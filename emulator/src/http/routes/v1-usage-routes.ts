/**
 * API 1.0 credit usage and the demo datasets (seed 000 §4.4). Get Dataset credit usage is the
 * owner company's: another company that sees the dataset through a permission gets 403 (its own
 * share is Get Permission credit usage), one that does not see it 404. A permission's usage is
 * read by its owner company and, once accepted, its recipient company; `recipient_id` is the
 * recipient as List all Permissions shows it (the company's ID) or one of its users' IDs.
 * Add access to the Demo Datasets grants the caller's company accepted permissions to the demo
 * datasets (demo/demo-offer.ts); a repeat grants nothing new.
 */
import { findVisibleDataset } from '../../access/access-rules';
import type { CatalogPermission } from '../../data/catalog-schema';
import { DEMO_OFFER } from '../../demo/demo-offer';
import { datasetUsageSeries, permissionUsageSeries, readUsageWindows } from '../../views/v1-usage-view';
import { toV1Permission } from '../../views/v1-permission-view';
import { requireWellFormedId } from '../management-policy';
import { forbidden, notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';

export const getDatasetUsageRoute: RouteHandler = (context) => {
  const privateId = requireWellFormedId(param(context, 'private_id'), 'private_id');
  const dataset = findVisibleDataset(context.data, context.caller, privateId);
  if (!dataset) throw notFound(`unknown dataset ${quote(privateId)}`);
  if (dataset.meta.owner_company_id !== context.caller.companyId) {
    throw forbidden(`dataset ${quote(privateId)} belongs to another company: only its owner reads its credit usage; read your permission's with Get Permission credit usage`);
  }
  const windows = readUsageWindows(context.query);
  return datasetUsageSeries(context.data, dataset, context.state.credits.spendsOn(privateId, dataset.meta.owner_company_id), windows);
};

export const getPermissionUsageRoute: RouteHandler = (context) => {
  const privateId = requireWellFormedId(param(context, 'private_id'), 'private_id');
  const recipientId = requireWellFormedId(param(context, 'recipient_id'), 'recipient_id');
  const company = context.caller.companyId;
  const recipientCompany = context.data.catalog.users.find((user) => user.id === recipientId)?.company_id ?? recipientId;
  const permission = context.data.catalog.permissions.find(
    (candidate) =>
      candidate.private_id === privateId &&
      candidate.recipient_company_id === recipientCompany &&
      (candidate.owner_company_id === company || (candidate.recipient_company_id === company && candidate.accepted)),
  );
  if (!permission) throw notFound(`unknown permission of dataset ${quote(privateId)} to ${quote(recipientId)}`);
  const windows = readUsageWindows(context.query);
  return permissionUsageSeries(permission, context.state.credits.spendsOn(privateId, permission.owner_company_id), windows);
};

export const addDemoDatasetsRoute: RouteHandler = (context) => {
  const { data, caller } = context;
  const offered = DEMO_OFFER.filter((offer) => data.datasets.get(offer.privateId)?.meta.owner_company_id === offer.ownerCompanyId);
  if (offered.length === 0) {
    throw notFound('this data folder has no demo datasets: they come with the generated demo clean room (iql emulator without a data folder)');
  }
  const permissions: CatalogPermission[] = [];
  for (const offer of offered) {
    if (offer.ownerCompanyId === caller.companyId) continue;
    const existing = data.catalog.permissions.find(
      (permission) => permission.private_id === offer.privateId && permission.owner_company_id === offer.ownerCompanyId && permission.recipient_company_id === caller.companyId,
    );
    const permission = existing ?? { private_id: offer.privateId, owner_company_id: offer.ownerCompanyId, recipient_company_id: caller.companyId, accepted: true };
    if (existing === undefined) data.catalog.permissions.push(permission);
    permission.accepted = true;
    permissions.push(permission);
  }
  return { permissions: permissions.map((permission) => toV1Permission(data, permission)) };
};

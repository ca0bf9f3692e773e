/**
 * Calculate match rate (Document 2 §4.1): the share of the advertiser dataset's individuals
 * that the publisher dataset holds too, counted from the data by the engine's matching (the
 * records of the two datasets match on equal values of a key label they share, as in a query).
 *
 * The data format has no PAIR flag, so every dataset counts as PAIR-enabled. The caller must
 * see both datasets (an ID it cannot see is 400 `unknown dataset`, worded as for one that does
 * not exist: they are body IDs, and the operation lists no 404) and its company must own one
 * of them (403 otherwise): a rate between two other companies' datasets tells the caller about
 * their customers, not its own.
 */
import type { CalculateMatchRateRequest } from '../../../../common/api';
import type { LoadedDataset } from '../../data/loaded-data';
import { requireBodyDataset } from '../body-dataset';
import { forbidden, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';

export const calculateMatchRateRoute: RouteHandler = (context) => {
  const body = context.body as CalculateMatchRateRequest;
  const advertiser = requireBodyDataset(context, body.advertiser_dataset_id, 'advertiser_dataset_id');
  const publisher = requireBodyDataset(context, body.publisher_dataset_id, 'publisher_dataset_id');
  const owner = context.caller.companyId;
  if (advertiser.meta.owner_company_id !== owner && publisher.meta.owner_company_id !== owner) {
    throw forbidden(`your company ${quote(owner)} owns neither dataset: a match rate is calculated for one of your own datasets`);
  }
  const named = (dataset: LoadedDataset) => ({ name: dataset.meta.private_id, dataset, activation: false });
  const { individuals, matched } = context.engine.countMatches(named(advertiser), named(publisher));
  // A whole percentage, rounded down: 100 only when every individual matches. The swagger
  // types it as an int64 string, as the service's JSON sends 64-bit integers.
  const percentage = individuals === 0 ? 0 : Math.floor((matched * 100) / individuals);
  return { match_rate_percentage: String(percentage) };
};

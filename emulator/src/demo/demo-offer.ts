/**
 * The Demo Datasets (seed 000 §4.4, Add access to the Demo Datasets): the datasets of the demo
 * clean room that any company may add to what it sees, each named by its private ID and owner.
 * A data folder without them has no demo datasets (the operation answers 404 there).
 */
import { DEMO_COMPANIES } from './demo-datasets';

export const DEMO_OFFER: readonly { readonly privateId: string; readonly ownerCompanyId: string }[] = [
  { privateId: 'IdGraph', ownerCompanyId: DEMO_COMPANIES.identity },
  { privateId: 'PubAudience', ownerCompanyId: DEMO_COMPANIES.pub },
];

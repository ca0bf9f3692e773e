/**
 * The 2.0 `region` of a dataset, from the region prefix of its dataset ID. The swagger's
 * Region enum spells the provider's name where dataset IDs say CLOUDA/CLOUDB.
 */
const REGIONS = new Set(['AWS_EU_WEST_2', 'AWS_US_EAST_1', 'IBM_EU_CENTRAL_1', 'AWS_EU_CENTRAL_1', 'AWS_AP_SOUTHEAST_2']);

export function regionOf(datasetId: string): string {
  const prefix = datasetId.split('.')[0] ?? '';
  const region = prefix.replace(/^CLOUDA_/, 'AWS_').replace(/^CLOUDB_/, 'IBM_');
  return REGIONS.has(region) ? region : 'UNKNOWN';
}

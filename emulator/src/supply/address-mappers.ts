/**
 * The address mappers of a normalizer_config's `enrichments` (seed 002 §2.6, line 75: "each item holds
 * uk_addr_mapper {house_number_column; postcode_column; street_name_column} or us_addr_mapper
 * {city_column; first_addr_line_column; house_number_column; secondary_addr_line_column;
 * state_column; third_addr_line_column; zipcode_column}"). The seed says no more; the swagger
 * says they "enrich the imported data during the normalisation process". A real mapper looks
 * the address up in a postal address file; the emulator has none, so it derives what such a
 * lookup yields from the text alone (emulator/README.md): one standardized address — the key
 * two companies can match on — and the geography of its postcode or ZIP code. Pure.
 */

/** What one mapper adds to a row: an address key and categories, each '' when it cannot be derived. */
export interface MappedAddress {
  readonly key: string;
  readonly categories: readonly string[];
}

export interface AddressMapper {
  /** The config object's name (`uk_addr_mapper`, `us_addr_mapper`). */
  readonly field: string;
  /** Its `*_column` fields, in the order `map` receives their cells. */
  readonly columnFields: readonly string[];
  /** Fields that must name a column. */
  readonly requiredFields: readonly string[];
  /** The key column it writes, and its category columns (in `categories` order). */
  readonly keyName: string;
  readonly categoryNames: readonly string[];
  /** `cells[i]` is the cell of `columnFields[i]` ('' when that field is not given). */
  map(cells: readonly string[]): MappedAddress;
}

/** Upper case, letters, digits and single spaces only: how both mappers write an address part. */
function standard(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
}

// A UK postcode: outward code (area letters, district digit, optional letter or digit), inward code.
const UK_POSTCODE = /^([A-Z]{1,2})(\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

/** House number + street name (+ postcode when it is one) → "12 HIGH STREET SW1A 1AA"; area "SW", district "SW1A". */
export const UK_ADDRESS_MAPPER: AddressMapper = {
  field: 'uk_addr_mapper',
  columnFields: ['house_number_column', 'street_name_column', 'postcode_column'],
  // The swagger: the postcode "is not required but allows for much faster processing".
  requiredFields: ['house_number_column', 'street_name_column'],
  keyName: 'UK Address',
  categoryNames: ['Postcode Area', 'Postcode District'],
  map([house = '', street = '', postcode = '']) {
    const match = UK_POSTCODE.exec(standard(postcode).replace(/ /g, ''));
    const area = match?.[1] ?? '';
    const district = match ? `${area}${match[2] ?? ''}` : '';
    const number = standard(house);
    const road = standard(street);
    const key = number === '' || road === '' ? '' : [number, road, match ? `${district} ${match[3] ?? ''}` : ''].filter((part) => part !== '').join(' ');
    return { key, categories: [area, district] };
  },
};

const US_STATES: Readonly<Record<string, string>> = {
  ALABAMA: 'AL', ALASKA: 'AK', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT', DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC', FLORIDA: 'FL', GEORGIA: 'GA', HAWAII: 'HI', IDAHO: 'ID', ILLINOIS: 'IL', INDIANA: 'IN', IOWA: 'IA',
  KANSAS: 'KS', KENTUCKY: 'KY', LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD', MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN',
  MISSISSIPPI: 'MS', MISSOURI: 'MO', MONTANA: 'MT', NEBRASKA: 'NE', NEVADA: 'NV', 'NEW HAMPSHIRE': 'NH', 'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM', 'NEW YORK': 'NY', 'NORTH CAROLINA': 'NC', 'NORTH DAKOTA': 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR',
  PENNSYLVANIA: 'PA', 'RHODE ISLAND': 'RI', 'SOUTH CAROLINA': 'SC', 'SOUTH DAKOTA': 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT',
  VERMONT: 'VT', VIRGINIA: 'VA', WASHINGTON: 'WA', 'WEST VIRGINIA': 'WV', WISCONSIN: 'WI', WYOMING: 'WY',
};
const US_STATE_CODES: ReadonlySet<string> = new Set(Object.values(US_STATES));

/** A state's USPS code from its code or its name; '' for anything else. */
export function usStateCode(text: string): string {
  const state = standard(text);
  return US_STATE_CODES.has(state) ? state : (US_STATES[state] ?? '');
}

/**
 * House number (prepended, as the swagger says) + address lines, city, state code and ZIP5 →
 * "12 MAIN ST APT 4 SPRINGFIELD IL 62701"; state "IL", ZIP code "62701".
 */
export const US_ADDRESS_MAPPER: AddressMapper = {
  field: 'us_addr_mapper',
  columnFields: ['house_number_column', 'first_addr_line_column', 'secondary_addr_line_column', 'third_addr_line_column', 'city_column', 'state_column', 'zipcode_column'],
  requiredFields: ['first_addr_line_column'],
  keyName: 'US Address',
  categoryNames: ['US State', 'ZIP Code'],
  map([house = '', first = '', second = '', third = '', city = '', state = '', zipcode = '']) {
    const code = usStateCode(state);
    const zip = /^(\d{5})(-?\d{4})?$/.exec(zipcode.trim())?.[1] ?? '';
    const line = standard(first);
    const key = line === '' ? '' : [standard(house), line, standard(second), standard(third), standard(city), code, zip].filter((part) => part !== '').join(' ');
    return { key, categories: [code, zip] };
  },
};

export const ADDRESS_MAPPERS: readonly AddressMapper[] = [UK_ADDRESS_MAPPER, US_ADDRESS_MAPPER];

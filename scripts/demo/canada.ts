// Canadian cities with their province, real forward sortation areas (the first three characters
// of a postal code) and local area codes. The zipcodes package only knows Canada at FSA level
// with region names, so the demo keeps its own short list; weights follow population.

export interface CanadianCity {
  city: string;
  province: string;
  fsas: readonly string[];
  areaCodes: readonly string[];
  weight: number;
}

export const CANADIAN_CITIES: readonly CanadianCity[] = [
  {
    city: 'Toronto',
    province: 'ON',
    fsas: ['M5V', 'M5A', 'M4C', 'M6G', 'M4Y', 'M5R', 'M6J', 'M4L'],
    areaCodes: ['416', '647', '437'],
    weight: 28,
  },
  {
    city: 'Ottawa',
    province: 'ON',
    fsas: ['K1P', 'K1N', 'K2P', 'K1S', 'K2B'],
    areaCodes: ['613', '343'],
    weight: 10,
  },
  { city: 'Mississauga', province: 'ON', fsas: ['L5B', 'L5M', 'L4Z'], areaCodes: ['905', '289'], weight: 7 },
  { city: 'Hamilton', province: 'ON', fsas: ['L8P', 'L8L', 'L9A'], areaCodes: ['905', '289'], weight: 5 },
  { city: 'London', province: 'ON', fsas: ['N6A', 'N6B', 'N5V'], areaCodes: ['519', '226'], weight: 4 },
  { city: 'Kitchener', province: 'ON', fsas: ['N2G', 'N2H'], areaCodes: ['519', '226'], weight: 2.5 },
  { city: 'Waterloo', province: 'ON', fsas: ['N2L', 'N2J'], areaCodes: ['519', '226'], weight: 1.5 },
  { city: 'Oakville', province: 'ON', fsas: ['L6H', 'L6J', 'L6K'], areaCodes: ['905', '289'], weight: 2 },
  { city: 'Barrie', province: 'ON', fsas: ['L4M', 'L4N'], areaCodes: ['705', '249'], weight: 1.5 },
  { city: 'Kingston', province: 'ON', fsas: ['K7L', 'K7K'], areaCodes: ['613', '343'], weight: 1.3 },
  { city: 'Windsor', province: 'ON', fsas: ['N9A', 'N8X'], areaCodes: ['519', '226'], weight: 2 },
  { city: 'Sudbury', province: 'ON', fsas: ['P3A', 'P3E'], areaCodes: ['705', '249'], weight: 1.6 },
  { city: 'Thunder Bay', province: 'ON', fsas: ['P7B', 'P7A'], areaCodes: ['807'], weight: 1.1 },
  {
    city: 'Montréal',
    province: 'QC',
    fsas: ['H2X', 'H3B', 'H2T', 'H4A', 'H1V'],
    areaCodes: ['514', '438'],
    weight: 17,
  },
  { city: 'Québec', province: 'QC', fsas: ['G1R', 'G1K', 'G1S'], areaCodes: ['418', '581'], weight: 5.5 },
  { city: 'Laval', province: 'QC', fsas: ['H7N', 'H7T'], areaCodes: ['450', '579'], weight: 4 },
  { city: 'Gatineau', province: 'QC', fsas: ['J8X', 'J8Y', 'J9H'], areaCodes: ['819', '873'], weight: 2.8 },
  { city: 'Sherbrooke', province: 'QC', fsas: ['J1H', 'J1E'], areaCodes: ['819', '873'], weight: 1.7 },
  {
    city: 'Vancouver',
    province: 'BC',
    fsas: ['V6B', 'V5K', 'V6K', 'V6J', 'V5T'],
    areaCodes: ['604', '778', '236'],
    weight: 7,
  },
  { city: 'Victoria', province: 'BC', fsas: ['V8W', 'V8V', 'V8R'], areaCodes: ['250', '778'], weight: 1 },
  { city: 'Surrey', province: 'BC', fsas: ['V3S', 'V3T', 'V4N'], areaCodes: ['604', '778'], weight: 5.7 },
  { city: 'Burnaby', province: 'BC', fsas: ['V5H', 'V5G'], areaCodes: ['604', '778'], weight: 2.5 },
  { city: 'Kelowna', province: 'BC', fsas: ['V1Y', 'V1W'], areaCodes: ['250', '778'], weight: 1.5 },
  {
    city: 'Calgary',
    province: 'AB',
    fsas: ['T2P', 'T3A', 'T2T', 'T3H', 'T2E'],
    areaCodes: ['403', '587', '825'],
    weight: 13,
  },
  {
    city: 'Edmonton',
    province: 'AB',
    fsas: ['T5J', 'T6E', 'T5K', 'T6W'],
    areaCodes: ['780', '587', '825'],
    weight: 10,
  },
  { city: 'Red Deer', province: 'AB', fsas: ['T4N', 'T4P'], areaCodes: ['403', '587'], weight: 1 },
  { city: 'Lethbridge', province: 'AB', fsas: ['T1J', 'T1K'], areaCodes: ['403', '587'], weight: 1 },
  {
    city: 'Winnipeg',
    province: 'MB',
    fsas: ['R3C', 'R3M', 'R2M', 'R3T'],
    areaCodes: ['204', '431'],
    weight: 7.5,
  },
  { city: 'Brandon', province: 'MB', fsas: ['R7A'], areaCodes: ['204', '431'], weight: 0.5 },
  { city: 'Saskatoon', province: 'SK', fsas: ['S7K', 'S7N', 'S7H'], areaCodes: ['306', '639'], weight: 3 },
  { city: 'Regina', province: 'SK', fsas: ['S4P', 'S4S', 'S4T'], areaCodes: ['306', '639'], weight: 2.3 },
  { city: 'Halifax', province: 'NS', fsas: ['B3H', 'B3J', 'B3L'], areaCodes: ['902', '782'], weight: 3.2 },
  { city: 'Dartmouth', province: 'NS', fsas: ['B2Y', 'B2W'], areaCodes: ['902', '782'], weight: 0.8 },
  { city: 'Moncton', province: 'NB', fsas: ['E1C', 'E1A'], areaCodes: ['506'], weight: 1.1 },
  { city: 'Fredericton', province: 'NB', fsas: ['E3B', 'E3A'], areaCodes: ['506'], weight: 0.7 },
  { city: 'Saint John', province: 'NB', fsas: ['E2L', 'E2K'], areaCodes: ['506'], weight: 0.7 },
  { city: "St. John's", province: 'NL', fsas: ['A1C', 'A1B', 'A1E'], areaCodes: ['709'], weight: 1.5 },
  { city: 'Charlottetown', province: 'PE', fsas: ['C1A', 'C1E'], areaCodes: ['902', '782'], weight: 0.6 },
  { city: 'Whitehorse', province: 'YT', fsas: ['Y1A'], areaCodes: ['867'], weight: 0.25 },
  { city: 'Yellowknife', province: 'NT', fsas: ['X1A'], areaCodes: ['867'], weight: 0.2 },
  { city: 'Iqaluit', province: 'NU', fsas: ['X0A'], areaCodes: ['867'], weight: 0.07 },
];

/** Letters Canada Post uses in postal codes (never D, F, I, O, Q or U). */
export const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** "A1A 1A1" with the first letter telling the province. */
export const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

/** First letter of the postal codes of each province and territory. */
export const PROVINCE_PREFIXES: Record<string, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

export const QUEBEC_STREETS = [
  'rue Sainte-Catherine Ouest',
  'boulevard Saint-Laurent',
  'rue Saint-Denis',
  'avenue du Mont-Royal Est',
  'rue Sherbrooke Est',
  'rue Notre-Dame Ouest',
  'chemin de la Côte-des-Neiges',
  'rue Saint-Jean',
  'boulevard René-Lévesque',
  'rue Wellington',
  'avenue Laurier Ouest',
  'rue Principale',
];

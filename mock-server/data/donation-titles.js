/**
 * Words for believable pick-up list titles, as donors type them: "Sofa, Dresser", "Boxes of
 * clothes", "Misc Items".
 */
import { pick } from './random.js';

const FURNITURE = [
  'Sofa',
  'Loveseat',
  'Sectional sofa',
  'Recliner',
  'Dresser',
  'Chest of drawers',
  'Nightstand',
  'Dining table',
  'Kitchen table and 4 chairs',
  'Coffee table',
  'End tables',
  'Bookcase',
  'Desk',
  'Office chair',
  'Queen mattress',
  'Box spring',
  'Bed frame',
  'Bunk beds',
  'Armoire',
  'TV stand',
  'Entertainment center',
  'China cabinet',
  'Patio set',
  'Futon',
];

const SMALL_ITEMS = [
  'Boxes of clothes',
  'Bags of clothes',
  'Kids clothes',
  'Shoes',
  'Kitchen items',
  'Dishes',
  'Pots and pans',
  'Books',
  'Toys',
  'Lamps',
  'Rugs',
  'Bedding and linens',
  'Small appliances',
  'Microwave',
  'Picture frames',
  'Holiday decorations',
  'Baby items',
  'Stroller',
  'Bicycle',
  'Exercise bike',
  'Tools',
  'Household goods',
  'Misc Items',
];

/**
 * @param {() => number} random
 * @returns {string}
 */
export function randomTitle(random) {
  const roll = random();
  if (roll < 0.08) return 'Misc Items';
  if (roll < 0.3) return pick(random, SMALL_ITEMS);
  if (roll < 0.55) return [...new Set([pick(random, FURNITURE), pick(random, FURNITURE)])].join(', ');
  if (roll < 0.85) return `${pick(random, FURNITURE)}, ${pick(random, SMALL_ITEMS)}`;
  return [...new Set([pick(random, FURNITURE), pick(random, FURNITURE)]), pick(random, SMALL_ITEMS)].join(
    ', ',
  );
}

/**
 * Words for believable pick-up list titles, as donors type them: "Sofa, Dresser", "Boxes of
 * clothes", "Misc Items"; and the post titles the donations plugin files them under, the list then
 * the donor's name, "PRIORITY - " before a priority pick-up: "PRIORITY - Sofa, Dresser - Pat Doe".
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

const FIRST_NAMES = ['Pat', 'Maria', 'James', 'Aisha', 'Wei', 'Carlos', 'Emily', 'Darnell', 'Priya', 'Tom'];
const LAST_NAMES = [
  'Doe',
  'Garcia',
  'Smith',
  'Nguyen',
  'Johnson',
  'Okafor',
  'Miller',
  'Chen',
  'Lopez',
  'Brown',
];

/** About one pick-up in twenty is a paid priority one. */
const PRIORITY_SHARE = 0.05;

/**
 * A donation's post title as the donations plugin writes it when a donor submits the form.
 * @param {string} items the pick-up list, from randomTitle()
 * @param {() => number} random
 * @returns {string}
 */
export function postTitle(items, random) {
  const title = `${items} - ${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  return random() < PRIORITY_SHARE ? `PRIORITY - ${title}` : title;
}

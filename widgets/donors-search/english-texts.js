// @ts-check
/**
 * Every text the donors search shows a visitor, in English, keyed as the page config's
 * `texts.donors-search` holds them (docs/how-it-works.md#texts): the island renders them, markup.html
 * prints the form's and the idle areas' words for the page's HTML (mount.test.tsx holds the two
 * together), and the demo prints a search's results with them (results.html). The WordPress plugin
 * prints the same keys through WordPress's translations (wordpress-plugin/donation-widgets/includes/
 * translations.php). `{name}` marks a value filled in as text; a plural text holds the form for each count
 * WordPress was asked about (src/shared/plural.ts). Plain JavaScript, so the demo server reads it too.
 */

/** @param {string} donations */
const found = (donations) =>
  `Found {count} ${donations} within {radius} miles of {zipcode} in the last {days} days.`;
/** @param {string} donations */
const atThisPlace = (donations) => `{count} ${donations} at this place, highlighted in the table:`;

export const SEARCH_TEXT_DEFAULTS = {
  zipcodeLabel: 'Zip code',
  radiusLabel: 'Within',
  radiusOption: '{radius} miles',
  daysLabel: 'In the last',
  daysOption: '{days} days',
  search: 'Search',
  working: 'Working...',
  errorLine: 'ERROR: {message} {advice}',
  tryAnotherSearch: 'Please try another search.',
  tryAgainLater: 'Please try again later.',
  reloadAndSearch: 'Please reload the page and search again.',
  checkConnection: 'Please check your connection and search again.',
  searchFailed: 'The search failed.',
  searchNotLoaded: 'The search could not be loaded.',
  zipHint: 'The zip code must have 5 digits.',
  searchUnavailable: 'The search is not available right now.',
  pageExpired: 'This page has expired.',
  unreachable: 'The server could not be reached.',
  offline: 'You appear to be offline.',
  tooSlow: 'The server took too long to answer.',
  serverError: 'The server ran into an error.',
  httpError: 'The server answered with an error (HTTP {status}).',
  emptyAnswer: 'The server sent an empty answer.',
  unreadableAnswer: 'The server sent an answer that could not be read.',
  errorWithoutMessage: 'The server reported an error without a message.',
  noCoordinates: 'The server’s answer did not include the location of the zip code.',
  noDonations: 'The server’s answer did not include a list of donations.',
  found: { 0: found('donations'), 1: found('donation'), 2: found('donations') },
  noneFound: 'Try a larger radius or more days.',
  tableLabel: 'Recent donations in your area',
  columnNumber: 'Number',
  columnTitle: 'Title',
  columnZipcode: 'Zip code',
  columnDate: 'Date',
  showOnMap: 'Show donation {number}, {title}, on the map',
  pagesLabel: 'Pages of the donations table',
  pageCount: 'Showing {first}–{last} of {total}',
  previousPage: 'Previous {count}',
  nextPage: 'Next {count}',
  mapLabel: 'Map of the donations found',
  mapCenterTitle: 'Searched zip code {zipcode}',
  clusterTitle: {
    0: 'Cluster of {count} donations',
    1: 'Cluster of {count} donation',
    2: 'Cluster of {count} donations',
  },
  twoFingersHint: 'Use two fingers to move the map',
  wheelHint: 'Use {key} + scroll to zoom the map',
  mapFailed: 'The map could not be loaded. The table lists every donation found.',
  mapConsent:
    'The map comes from {host}, which learns your IP address and the area shown when it loads. The table lists every donation found.',
  loadMap: 'Load the map',
  chosenLabel: 'Donations at the place chosen on the map',
  chosenCount: { 0: atThisPlace('donations'), 1: atThisPlace('donation'), 2: atThisPlace('donations') },
  chosenMore: 'and {count} more.',
  close: 'Close',
  locate: 'Use my location',
  locating: 'Finding your location...',
  locationDenied: 'Your location was not shared.',
  locationUnavailable: 'Your location could not be found.',
  locationTooSlow: 'Finding your location took too long.',
  noZipNear: 'There is no US zip code near your location.',
  zipsNotLoaded: 'The zip codes could not be loaded.',
  enterZip: 'Please enter your zip code.',
};

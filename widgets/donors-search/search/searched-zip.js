// @ts-check
/**
 * The zip code a search asks for, from what was typed or linked (already trimmed): a ZIP+4
 * (`60601-1234`) is searched as its five-digit zip (`60601`), which is all the route knows; anything
 * else as it is, for the route or the page's own check to refuse. One rule for the island (its form and
 * the address), the demo's printed search and the plugin's (donation_widgets_searched_zip()).
 * @param {string} zipcode
 */
export const searchedZip = (zipcode) => /^(\d{5})-\d{4}$/.exec(zipcode)?.[1] ?? zipcode;

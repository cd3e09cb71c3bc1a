/**
 * The metro areas the demo's donations come from, weighted roughly by population. Donations are
 * spread over every zip within `miles` of the centre, more of them near the core.
 */
export const METROS = [
  { name: 'New York', lat: 40.7128, lng: -74.006, miles: 30, weight: 19 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437, miles: 35, weight: 13 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, miles: 30, weight: 9.5 },
  { name: 'Dallas', lat: 32.7767, lng: -96.797, miles: 35, weight: 7.5 },
  { name: 'Houston', lat: 29.7604, lng: -95.3698, miles: 35, weight: 7 },
  { name: 'Atlanta', lat: 33.749, lng: -84.388, miles: 35, weight: 6 },
  { name: 'Philadelphia', lat: 39.9526, lng: -75.1652, miles: 25, weight: 6 },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074, miles: 30, weight: 5 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321, miles: 30, weight: 4 },
  { name: 'Denver', lat: 39.7392, lng: -104.9903, miles: 25, weight: 3 },
];

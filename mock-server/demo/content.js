/**
 * The demo's own page content: what the builder pages around the islands hold on the real site.
 */
import { html } from '../lib/html.js';

export const heroSection = html`<section class="hero">
  <h1>Free pick-up for your donations</h1>
  <p class="lead">Sofas, dressers, boxes of clothes: tell us what you have and a local driver collects it from your door.</p>
  <p><a class="button" href="#screening">Schedule a pick-up</a></p>
</section>`;

/**
 * Section bands with a lazy background, besides the two of widgets/lazy-background/markup.html. Each
 * has its own image, so a test can tell which one the browser fetched, and a heading and a line over
 * it, so the band reads as content before its image arrives.
 */
export const lazyBands = [
  html`<section class="lazy-section" data-lazy-background="/images/backgrounds/sofa.svg" aria-labelledby="band-sofa-title">
    <div>
      <h2 id="band-sofa-title">A second home for your sofa</h2>
      <p>A sofa that no longer fits your living room can furnish someone's first home.</p>
    </div>
  </section>`,
  html`<section class="lazy-section" data-lazy-background="/images/backgrounds/boxes.svg" aria-labelledby="band-boxes-title">
    <div>
      <h2 id="band-boxes-title">Everything in one trip</h2>
      <p>Boxes of clothes, kitchen items, toys: we take them all in one trip.</p>
    </div>
  </section>`,
];

/** Tall sections between the islands, so that some lazy backgrounds start far below the fold. */
export const storySections = [
  html`<section class="story" id="how-it-works" aria-labelledby="how-it-works-title">
    <h2 id="how-it-works-title">How it works</h2>
    <ol class="steps">
      <li><strong>Tell us what you are giving.</strong> A few yes/no questions help us send the right truck.</li>
      <li><strong>Pick a day.</strong> Drivers work in your area every week, mornings or afternoons.</li>
      <li><strong>Leave it by the door.</strong> We collect, and email you a receipt for your taxes.</li>
    </ol>
  </section>`,
  html`<section class="story" id="what-we-take" aria-labelledby="what-we-take-title">
    <h2 id="what-we-take-title">What we take</h2>
    <ul class="columns">
      <li>Sofas, loveseats and recliners</li><li>Dressers, nightstands and armoires</li>
      <li>Dining tables and chairs</li><li>Boxes and bags of clothes</li><li>Kitchen items and dishes</li>
      <li>Books, toys and games</li><li>Lamps and rugs</li><li>Small appliances that work</li>
    </ul>
    <p>We cannot take mattresses with stains or tears, cribs, car seats, paint or chemicals.</p>
  </section>`,
  html`<section class="story" id="where-it-goes" aria-labelledby="where-it-goes-title">
    <h2 id="where-it-goes-title">Where your donation goes</h2>
    <p>Every item goes to a family moving into a new home: people leaving shelters, young adults leaving foster
      care and refugees starting over. Last year our drivers collected over 40,000 pick-ups.</p>
  </section>`,
  html`<section class="story" id="drivers" aria-labelledby="drivers-title">
    <h2 id="drivers-title">Our drivers</h2>
    <p>Pick-ups are made by local moving companies and independent drivers who sign up as providers. They are
      insured, background-checked and rated by donors after every pick-up.</p>
    <p><a href="/sign-up/">Become a pick-up provider</a></p>
  </section>`,
];

export const aboutContent = html`<h1>About us</h1>
<p>We started in 2012 with one borrowed van and a simple idea: furniture that is no longer needed in one home can
  make another home livable. Today local pick-up providers in ten metro areas collect donations for us.</p>
<h2>How we are funded</h2>
<p>Donations of goods are free to give. Our work is paid for by grants, by the partner agencies we furnish homes
  for and by individual gifts.</p>
<h2>Contact</h2>
<p>Write to <a href="mailto:hello@example.org">hello@example.org</a> or call (555) 010-0199, weekdays 9 to 5.</p>`;

export const thankYouContent = html`<h1>Thank you for your donation!</h1>
<p class="alert alert-success">Your answers were received. We will email you a pick-up window within one business day.</p>
<p>Please leave your items somewhere dry and easy to reach on the day of the pick-up.</p>
<p><a href="/">Back to the home page</a></p>`;

export const signUpCompleteContent = html`<h1>Sign-up complete</h1>
<p class="alert alert-success">Thank you for signing up as a pick-up provider. We will call you to set up your first route.</p>
<p><a href="/">Back to the home page</a></p>`;

/** Beside a required field's label: a visible mark that is also part of the field's name. */
const REQUIRED = html`<span class="required-mark">(required)</span>`;

export const signUpForm = html`<h1>Become a pick-up provider</h1>
<p>Movers and drivers with a truck or a van can collect donations in their area. Tell us about you.</p>
<form class="sign-up" name="provider-sign-up" method="post" action="/sign-up/">
  <p><label for="company">Company or your name ${REQUIRED}</label><input id="company" name="company" required autocomplete="organization"></p>
  <p><label for="email">Email ${REQUIRED}</label><input id="email" name="email" type="email" required autocomplete="email"></p>
  <p><label for="phone">Phone</label><input id="phone" name="phone" type="tel" autocomplete="tel"></p>
  <p><label for="service-zip">Zip code you work from</label><input id="service-zip" name="zipcode" inputmode="numeric" autocomplete="postal-code" pattern="[0-9]{5}"></p>
  <p><label for="vehicle">Vehicle</label>
    <select id="vehicle" name="vehicle"><option>Cargo van</option><option>Box truck</option><option>Pick-up truck</option></select></p>
  <p><label><input type="checkbox" name="insured" value="yes" required> I carry commercial insurance ${REQUIRED}</label></p>
  <p><button type="submit">Sign up</button></p>
</form>`;

import { describe, expect, it } from 'vitest';
import { jsonTail } from './json-tail.js';

const answer = { errors: { nozipcodes: ['No zip codes returned for 99999.'] }, error_data: [] };

describe('the JSON an answer ends with', () => {
  it('is the whole answer when it is only JSON, null included', () => {
    expect(jsonTail(JSON.stringify(answer))).toEqual({ json: answer });
    expect(jsonTail('null')).toEqual({ json: null });
  });

  it("is found after PHP's warnings as a site that displays errors prints them, HTML or text", () => {
    const html =
      '<br />\n<b>Warning</b>:  Undefined array key 0 in <b>/srv/wp-content/plugins/dm/lib/fns/helpers.php</b> on line <b>64</b><br />\n' +
      '<br />\n<b>Notice</b>:  Function wp_send_json was called <strong>incorrectly</strong>. Return a WP_REST_Response or WP_Error object from your callback [x] in <b>/srv/wp-includes/functions.php</b> on line <b>6131</b><br />\n';
    expect(jsonTail(`${html}${JSON.stringify(answer)}`)).toEqual({ json: answer });
    const text = 'PHP Warning:  Attempt to read property "Latitude" on null in helpers.php on line 64\n';
    expect(jsonTail(`${text}${JSON.stringify(answer)}\n`)).toEqual({ json: answer });
  });

  it('is found right after text without a line break', () => {
    expect(jsonTail(`oops{"data":{"donations":[]}}`)).toEqual({ json: { data: { donations: [] } } });
  });

  it('is none for text with no JSON at its end, or cut short', () => {
    expect(jsonTail('')).toBeUndefined();
    expect(jsonTail('<p>Down for maintenance.</p>')).toBeUndefined();
    expect(jsonTail('{"data": [')).toBeUndefined();
    expect(jsonTail('{"a":1} trailing')).toBeUndefined();
  });
});

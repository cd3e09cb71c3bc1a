node build.mjs --quiet && python3 -c "import json;d=json.load(open('dist/sizes.json'));print([f for f in d['files'] if f['file']=='donation-widgets.js'][0]['gzip'])"

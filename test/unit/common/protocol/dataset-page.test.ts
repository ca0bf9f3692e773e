import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { URL } from 'node:url';
import { datasetPageUri, readDatasetPageQuery } from '../../../../common/protocol/dataset-page';

describe('dataset page addresses', () => {
  it('carry the target and name exactly, whatever characters they hold, and name the tab after the dataset', () => {
    const target = { profile: 'my profile/../x?y#z', collaboration: 'CLB.7f3a2c' };
    const name = 'Ünïcode "name" & more=1';
    const uri = datasetPageUri(target, name);
    const url = new URL(uri);
    assert.equal(url.protocol, 'iql-dataset:');
    // The path names only the tab: nothing in it can add a folder or a query.
    assert.deepEqual(decodeURIComponent(url.pathname).split('/'), ['', 'my profile_.._x_y_z', 'CLB.7f3a2c', 'Ünïcode _name_ & more=1.md']);
    assert.match(url.search, /^\?[A-Za-z0-9_-]+$/);
    assert.deepEqual(readDatasetPageQuery(url.search.slice(1)), { target, name });
  });

  it('leave out an absent profile or collaboration', () => {
    const uri = datasetPageUri({}, 'Retail');
    assert.ok(uri.startsWith('iql-dataset:/default/Retail.md?'), uri);
    assert.deepEqual(readDatasetPageQuery(uri.slice(uri.indexOf('?') + 1)), { target: {}, name: 'Retail' });
  });

  it('read nothing from a query that is not one of theirs', () => {
    for (const query of ['', 'not base64!', btoa('{"name":""}'), btoa('{"name":"x"}'), btoa('[1]'), btoa('\xff\xfe')]) {
      assert.equal(readDatasetPageQuery(query), undefined, query);
    }
  });
});

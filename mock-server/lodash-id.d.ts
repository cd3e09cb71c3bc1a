// json-server mixes lodash-id into the lodash its lowdb chains on (`db._.mixin(lodashId)` in its
// router), which gives every collection `insert`: the record stored with a new id, as REST POST does.
import 'lodash';

declare module 'lodash' {
  interface CollectionChain<T> {
    insert(record: object): ObjectChain<T & { id: number }>;
  }
}

/** The parts of an UpdateItem that write exactly the attributes given. */
export interface AttributeUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * SET for every attribute with a value, REMOVE for every one that is `undefined`. Attributes not
 * named stay as they are: counters other writes ADD to, and markers written by other features.
 * The caller adds its own condition (its placeholders must not start with `#a`/`:a`).
 */
export function attributeUpdate(attributes: Record<string, unknown>): AttributeUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  Object.entries(attributes).forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    if (value === undefined) remove.push(`#a${i}`);
    else {
      set.push(`#a${i} = :a${i}`);
      values[`:a${i}`] = value;
    }
  });
  const parts = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''];
  return { UpdateExpression: parts.filter(Boolean).join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/**
 * The UpdateItem of a versioned record: writes `attributes` (see attributeUpdate) only while the
 * stored version is still `version`, plus the caller's extra condition (e.g. the tenant's id).
 */
export function versionedUpdate(o: {
  tableName: string;
  key: Record<string, string>;
  attributes: Record<string, unknown>;
  version: number;
  /** Joined with AND; its placeholders must not start with `:a`/`#a` and must not be `:v`. */
  condition?: string;
  values?: Record<string, unknown>;
}) {
  const update = attributeUpdate(o.attributes);
  return {
    Update: {
      TableName: o.tableName,
      Key: o.key,
      ...update,
      ConditionExpression: ['version = :v', o.condition].filter(Boolean).join(' AND '),
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...o.values, ':v': o.version },
    },
  };
}

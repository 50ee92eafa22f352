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

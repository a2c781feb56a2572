/**
 * What a field answers when the catalog has no value for it. DataHub's mappers leave a field unset when its
 * aspect is absent: a nullable field is then null, and the few non-null fields get an empty value (an empty list,
 * false, 0) rather than failing the whole query. DataHub's schema has hundreds of types this catalog fills only in
 * part, so this is the default field resolver: the views set what they know, everything else answers as an
 * entity without that aspect answers in DataHub.
 */
import {
  defaultFieldResolver,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
} from 'graphql';

export const answerAbsentAsDataHubDoes: GraphQLFieldResolver<unknown, unknown> = (
  source,
  args,
  context,
  info,
) => {
  const value: unknown = defaultFieldResolver(source, args, context, info);
  if (value instanceof Promise) return value.then((resolved: unknown) => orAbsent(resolved, info.returnType));
  return orAbsent(value, info.returnType);
};

function orAbsent(value: unknown, type: GraphQLOutputType): unknown {
  if (value !== undefined && value !== null) return value;
  return isNonNullType(type) ? emptyValueOf(type) : null;
}

/** The empty value of a non-null type; undefined (a non-null error) only where no empty value exists. */
function emptyValueOf(type: GraphQLOutputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [];
  if (isObjectType(inner)) return {}; // its own fields answer absent in turn
  // A non-null enum needs some symbol; the views set every one they know, so this is only a last resort.
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Boolean':
        return false;
      case 'Int':
      case 'Float':
      case 'Long':
        return 0;
      default:
        return '';
    }
  }
  return undefined; // an interface or union: no value can stand for "absent"
}

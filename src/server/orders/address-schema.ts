import { Type } from '@sinclair/typebox';

const Str = (max = 200) => Type.String({ maxLength: max });

/**
 * An address in a checkout request body (the checkout, the subscription checkout). Every field
 * optional at the schema: the service answers missing ones field by field
 * (CHECKOUT_FIELDS_INVALID), as the page shows them.
 */
export const AddressBody = Type.Object({
  firstName: Type.Optional(Str()),
  lastName: Type.Optional(Str()),
  line1: Type.Optional(Str(300)),
  line2: Type.Optional(Str(300)),
  city: Type.Optional(Str()),
  region: Type.Optional(Str()),
  postalCode: Type.Optional(Str(40)),
  country: Type.Optional(Str(10)),
  phone: Type.Optional(Str(60)),
});

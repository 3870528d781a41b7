import { FormView, type FormIslandProps } from './form-block.js';

export { prepare } from './form-block.js';

/** The `newsletter-block` island: a sign-up form (no banners; a lead event on success). */
export default function NewsletterBlock(props: FormIslandProps) {
  return <FormView {...props} variant="newsletter" />;
}

import type { FormBlockProps } from '../../../shared/forms/types.js';
import { FormView } from './form-block.js';

/** The `newsletter-block` island: a sign-up form (no banners; a lead event on success). */
export default function NewsletterBlock(props: FormBlockProps) {
  return <FormView {...props} variant="newsletter" />;
}

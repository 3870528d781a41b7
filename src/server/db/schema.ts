import type { SitesTables } from '../sites/tables.js';
import type { OwnersTables } from '../owners/tables.js';
import type { ContentTables } from '../content/tables.js';
import type { CatalogTables } from '../catalog/tables.js';
import type { CartTables } from '../cart/tables.js';
import type { FormsTables } from '../forms/tables.js';
import type { RestockTables } from '../restock/tables.js';
import type { MailTables } from '../mail/tables.js';
import type { AnalyticsTables } from '../analytics/tables.js';
import type { PerformanceTables } from '../performance/tables.js';
import type { OrdersTables } from '../orders/tables.js';
import type { PaymentsTables } from '../payments/tables.js';
import type { PlatformTables } from '../platform/tables.js';
import type { DiscountsTables } from '../discounts/tables.js';
import type { GiftCardsTables } from '../gift-cards/tables.js';
import type { SubscriptionsTables } from '../subscriptions/tables.js';
import type { CommentsTables } from '../comments/tables.js';
import type { ReviewsTables } from '../reviews/tables.js';
import type { AuditTables } from '../audit/tables.js';
import type { WebsitesTables } from '../websites/tables.js';
import type { DeveloperTables } from '../developer/tables.js';
import type { CustomersTables } from '../customers/tables.js';

/** Every table, as each domain declares its own in `<domain>/tables.ts`. */
export interface Database
  extends
    SitesTables,
    OwnersTables,
    ContentTables,
    CatalogTables,
    CartTables,
    FormsTables,
    RestockTables,
    MailTables,
    AnalyticsTables,
    PerformanceTables,
    OrdersTables,
    PaymentsTables,
    PlatformTables,
    DiscountsTables,
    GiftCardsTables,
    SubscriptionsTables,
    CommentsTables,
    ReviewsTables,
    AuditTables,
    WebsitesTables,
    DeveloperTables,
    CustomersTables {}

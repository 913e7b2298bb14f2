// The demo catalog: product lines of a clean-beauty brand, their shades and sizes, and the
// categories they sit in. Titles are invented; category ids 1, 10999, 24 and 107 are the
// spec's (aggregate roots, best sellers, host category — spec 3 §4 Catalog, §9).

export interface CategoryDef {
  id: number;
  name: string;
  parentId: number | null;
}

export const CATEGORIES: readonly CategoryDef[] = [
  { id: 1, name: 'All Products', parentId: null },
  { id: 10999, name: 'New Products', parentId: null },
  { id: 24, name: 'Best Sellers', parentId: 1 },
  { id: 107, name: 'Host Rewards', parentId: 1 },
  { id: 100, name: 'Skincare', parentId: 1 },
  { id: 101, name: 'Makeup', parentId: 1 },
  { id: 102, name: 'Bath & Body', parentId: 1 },
  { id: 103, name: 'Hair', parentId: 1 },
  { id: 104, name: 'Sun', parentId: 1 },
  { id: 105, name: 'Sets & Bundles', parentId: 1 },
  { id: 106, name: 'Kids & Baby', parentId: 1 },
  { id: 108, name: 'Enrollment', parentId: null },
  { id: 109, name: 'Gifts', parentId: 1 },
  { id: 110, name: 'Men', parentId: 1 },
  { id: 111, name: 'Business Supplies', parentId: null },
  { id: 112, name: 'Samples', parentId: null },
  { id: 200, name: 'Cleansers', parentId: 100 },
  { id: 201, name: 'Serums & Oils', parentId: 100 },
  { id: 202, name: 'Moisturizers', parentId: 100 },
  { id: 203, name: 'Masks & Exfoliators', parentId: 100 },
  { id: 204, name: 'Eye Care', parentId: 100 },
  { id: 210, name: 'Face', parentId: 101 },
  { id: 211, name: 'Eyes', parentId: 101 },
  { id: 212, name: 'Lips', parentId: 101 },
  { id: 213, name: 'Cheeks', parentId: 101 },
];

/** A kind of product: where it goes, what it costs (USD cents range) and how it varies. */
export interface ProductKind {
  type: string;
  categoryIds: number[];
  price: [number, number];
  variants?: 'foundation' | 'concealer' | 'tint' | 'lip' | 'gloss' | 'mascara' | 'cheek' | 'scent' | 'size';
  subscription?: boolean;
}

export const SKINCARE_COLLECTIONS = [
  'Everbright',
  'Dewpoint',
  'Clearwater',
  'Timeless',
  'Calm Canvas',
  'Gold Hour',
];

export const SKINCARE_KINDS: readonly ProductKind[] = [
  { type: 'Gel Cleanser', categoryIds: [100, 200], price: [2800, 3800], subscription: true },
  { type: 'Cream Cleanser', categoryIds: [100, 200], price: [3000, 4000], subscription: true },
  { type: 'Balancing Toner', categoryIds: [100, 200], price: [2800, 3600] },
  { type: 'Renewal Serum', categoryIds: [100, 201], price: [6800, 9800], subscription: true },
  { type: 'Facial Oil', categoryIds: [100, 201], price: [5800, 8400] },
  { type: 'Day Cream', categoryIds: [100, 202], price: [5200, 7400], subscription: true },
  { type: 'Night Cream', categoryIds: [100, 202], price: [5800, 8000] },
  { type: 'Resurfacing Mask', categoryIds: [100, 203], price: [4200, 6200] },
  { type: 'Eye Cream', categoryIds: [100, 204], price: [4800, 6800] },
  { type: 'Hydrating Mist', categoryIds: [100, 201], price: [2600, 3400] },
  { type: 'Spot Treatment', categoryIds: [100, 203], price: [2200, 2800] },
  { type: 'Exfoliating Pads', categoryIds: [100, 203], price: [3800, 4600], subscription: true },
  { type: 'Lip Treatment', categoryIds: [100, 212], price: [2200, 2600] },
  { type: 'Sleeping Mask', categoryIds: [100, 203], price: [4400, 5600] },
  { type: 'Vitamin C Drops', categoryIds: [100, 201], price: [6200, 7800] },
];

export const ACCESSORIES = [
  'Cosmetic Bag',
  'Facial Cleansing Cloths (set of 3)',
  'Spa Headband',
  'Travel Bottle Set',
  'Konjac Sponge',
  'Gua Sha Stone',
  'Makeup Sponge Duo',
  'Reusable Cotton Rounds',
  'Hair Towel Wrap',
  'Mirror Compact',
];

export const LIMITED_EDITIONS = [
  'Limited Edition Holiday Lip Set',
  'Limited Edition Winter Glow Palette',
  'Limited Edition Spring Blush Duo',
  'Limited Edition Summer Body Oil',
  'Limited Edition Autumn Eye Palette',
  'Limited Edition Peppermint Hand Cream',
  'Limited Edition Vanilla Body Lotion',
  'Limited Edition Rose Gold Highlighter',
  'Limited Edition Mini Mascara Duo',
  'Limited Edition Cozy Candle',
  'Limited Edition Gift Wrap Bundle',
  'Limited Edition Citrus Body Wash',
  'Limited Edition Glitter Gloss',
  'Limited Edition Sheet Mask Trio',
];

/** A named product line (makeup, body, hair, sun, sets): title, categories, US price in cents. */
export interface ProductLine extends ProductKind {
  title: string;
}

function line(
  title: string,
  categoryIds: number[],
  cents: number,
  variants?: ProductKind['variants'],
  subscription = false,
): ProductLine {
  return {
    title,
    type: title,
    categoryIds,
    price: [cents, cents],
    ...(variants ? { variants } : {}),
    subscription,
  };
}

export const MAKEUP_LINES: readonly ProductLine[] = [
  line('Skin Twin Foundation', [101, 210], 4600, 'foundation'),
  line('Serum Foundation', [101, 210], 5200, 'foundation'),
  line('Soft Focus Concealer', [101, 210], 3200, 'concealer'),
  line('Dew Skin Tinted Moisturizer', [101, 210], 4500, 'tint'),
  line('Sheer Setting Powder', [101, 210], 3600, 'tint'),
  line('Satin Lipstick', [101, 212], 2900, 'lip'),
  line('Velvet Matte Lipstick', [101, 212], 3000, 'lip'),
  line('Beyond Gloss', [101, 212], 2500, 'gloss'),
  line('Lip Sheer', [101, 212], 2600, 'gloss'),
  line('Lengthening Mascara', [101, 211], 3000, 'mascara'),
  line('Volumizing Mascara', [101, 211], 3000, 'mascara'),
  line('Precision Liquid Liner', [101, 211], 2600, 'mascara'),
  line('Velvet Eye Shadow Palette', [101, 211], 5400),
  line('Brow Shaping Gel', [101, 211], 2400, 'mascara'),
  line('Color Pinch Cream Blush', [101, 213], 3200, 'cheek'),
  line('Sun Glow Bronzer', [101, 213], 3800, 'cheek'),
  line('Glow Highlighter', [101, 213], 3400, 'cheek'),
  line('All Bright Cream Eyeshadow', [101, 211], 2800, 'cheek'),
  line('Brush Collection', [101], 6800),
  line('Makeup Remover Balm', [101, 100], 2800),
];

export const SIMPLE_LINES: readonly ProductLine[] = [
  line('Citrus Mimosa Body Wash', [102], 2600, undefined, true),
  line('Lavender Body Wash', [102], 2600, undefined, true),
  line('Daily Body Lotion', [102], 3000, 'size'),
  line('Supreme Body Oil', [102], 4400),
  line('Hand Cream', [102], 1800, 'scent'),
  line('Natural Deodorant', [102], 1800, 'scent'),
  line('Sugar Body Scrub', [102], 3400),
  line('Mineral Bath Soak', [102], 2800),
  line('Rosewater Body Mist', [102], 2400),
  line('Volumizing Shampoo', [103], 2800, 'size'),
  line('Volumizing Conditioner', [103], 2800, 'size'),
  line('Smoothing Shampoo', [103], 2800, undefined, true),
  line('Smoothing Conditioner', [103], 2800),
  line('Repair Hair Mask', [103], 3400),
  line('Texture Styling Cream', [103], 2600),
  line('Dry Shampoo', [103], 2400),
  line('Counter Sun Mineral Sunscreen Lotion SPF 30', [104], 3900),
  line('Counter Sun Mineral Sunscreen Mist SPF 30', [104], 3900),
  line('Counter Sun Mineral Sunscreen Stick SPF 30', [104], 2900),
  line('Counter Sun Tinted Face Sunscreen SPF 30', [104, 210], 4200, 'tint'),
  line('Counter Sun After-Sun Gel', [104], 2600),
  line('Counter Sun Kids Sunscreen Stick SPF 30', [104, 106], 2400),
  line('Gentle Baby Wash', [106], 2000),
  line('Soothing Baby Balm', [106], 2200),
  line('Kids Detangling Shampoo', [106, 103], 2000),
  line('Kids Toothpaste', [106], 1200),
  line('Men Daily Face Wash', [110], 2600),
  line('Men Daily Moisturizer', [110], 3400),
  line('Men Shave Cream', [110], 2400),
  line('Men Beard Oil', [110], 2800),
];

export const SET_LINES: readonly ProductLine[] = [
  line('Best Sellers Set', [105, 24], 12500),
  line('Skincare Starter Set', [105, 100], 9800),
  line('Glow Regimen Set', [105, 100], 16500),
  line('Clear Skin Regimen Set', [105, 100], 14800),
  line('Five-Minute Face Set', [105, 101], 11800),
  line('Lip Trio', [105, 212], 6900),
  line('Travel Essentials Kit', [105, 109], 5800),
  line('Summer Sun Kit', [105, 104], 8400),
];

export const HOST_EXCLUSIVES = [
  'Host Exclusive Silk Scrunchie Set',
  'Host Exclusive Vanity Case',
  'Host Exclusive Jade Facial Roller',
  'Host Exclusive Mini Lip Wardrobe',
  'Host Exclusive Bamboo Brush Set',
];

export const BUSINESS_SUPPLIES = [
  'Product Catalog (pack of 10)',
  'Ingredient Guide Brochure (pack of 25)',
  'Branded Shopping Bags (pack of 20)',
  'Look Book (pack of 10)',
  'Event Invitations (pack of 50)',
  'Business Cards (250)',
  'Tester Stand',
  'Consultant Welcome Binder',
];

export const SAMPLES = [
  'Sample: Renewal Serum',
  'Sample: Day Cream',
  'Sample: Skin Twin Foundation',
  'Sample: Cream Cleanser',
  'Sample: Resurfacing Mask',
  'Sample: Eye Cream',
  'Sample: Body Lotion',
  'Sample: Mineral Sunscreen Lotion',
];

export const VARIANT_OPTIONS: Record<NonNullable<ProductKind['variants']>, readonly string[]> = {
  foundation: [
    'Fair 10',
    'Light 20',
    'Light 25',
    'Light Medium 30',
    'Medium 40',
    'Medium 45',
    'Tan 50',
    'Tan 55',
    'Deep 60',
    'Deep 70',
  ],
  concealer: ['Fair', 'Light', 'Light Medium', 'Medium', 'Tan', 'Deep'],
  tint: ['Light', 'Medium', 'Tan', 'Deep'],
  lip: ['Rosewood', 'Coral Bay', 'Berry Crush', 'Nude Silk', 'Crimson', 'Mauve', 'Petal', 'Brick'],
  gloss: ['Clear', 'Pink Sand', 'Peach', 'Plum', 'Terracotta'],
  mascara: ['Black', 'Brown'],
  cheek: ['Rose', 'Apricot', 'Sunset', 'Bronze'],
  scent: ['Lavender', 'Citrus', 'Unscented'],
  size: ['Travel 2 oz', 'Full Size 8 oz', 'Family Size 16 oz'],
};

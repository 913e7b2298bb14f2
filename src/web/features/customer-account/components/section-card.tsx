export { Fact, SectionCard } from '@web/components/section-card';

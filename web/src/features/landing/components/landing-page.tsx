// `/` for visitors (spec §2): hero, feature cards, How It Works, pricing, testimonials, Everything You Need,
// a final call to action and the footer. Signed-in people never see it (the route sends them to /home).
import { FinalCallToAction, LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { Pricing, Testimonials } from './landing-pricing';
import { EverythingYouNeed, FeatureCards, HowItWorks } from './landing-sections';

export function LandingPage() {
  return (
    <div className="min-h-dvh">
      <LandingHeader />
      <main>
        <LandingHero />
        <FeatureCards />
        <HowItWorks />
        <EverythingYouNeed />
        <Pricing />
        <Testimonials />
        <FinalCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}

package io.cake.controller.policy.rules;

/**
 * One stage of the one-tenant decision ({@link io.cake.controller.policy.SloDecider}): it reads
 * the interval's {@link DecisionDraft} and changes what the draft decides. Pure (no clock, no
 * threads, no I/O); the rules after it see what it changed, so their order is part of the decision.
 */
public interface DecisionRule {
  void apply(DecisionDraft draft);
}

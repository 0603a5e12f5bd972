"""kgbench.evaluation: evaluating models on benchmark items (answer formats, prompts and conditions, the chat
client, the runner and agent, scoring, baselines and reports)."""

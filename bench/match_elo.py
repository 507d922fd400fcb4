"""A match's score and Elo difference with its 95 % interval (bench/match.py).

Each game gives engine A a score s of 1 (win), 1/2 (draw) or 0 (loss): a trinomial
variable. Over n games the mean score m = sum(s) / n has, by the central limit theorem,
approximately a normal distribution with standard error

    se = sqrt(var / n),   var = sum((s - m)^2) / n   (the games' own spread)

The Elo difference that expects the score m is E(m) = -400 * log10(1 / m - 1), and as E
rises with m, the 95 % interval of the difference is [E(m - 1.96 se), E(m + 1.96 se)]
(an end beyond 0 or 1 is infinite). This treats the games as independent. The two games
of one opening (colours swapped) are not quite: the opening's bias for one colour
cancels between them, so the per-game variance overstates the spread of the mean and
the interval is, if anything, a little wide (a pentanomial count of game pairs would
narrow it).
"""
import math

Z95 = 1.959964  # the standard normal's two-sided 95 % quantile


def elo(score):
    """The Elo difference that expects this mean score; +-inf at 1 and 0."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def summary(scores):
    """wins, draws, losses, mean score, Elo and its 95 % interval, from A's per-game scores."""
    n = len(scores)
    if n == 0:
        raise ValueError("no games")
    wins, draws = scores.count(1.0), scores.count(0.5)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    se = math.sqrt(var / n)
    return {
        "games": n, "wins": wins, "draws": draws, "losses": n - wins - draws, "score": mean,
        "elo": elo(mean), "low": elo(mean - Z95 * se), "high": elo(mean + Z95 * se),
    }


def elo_text(value):
    return f"{value + 0.0:+.0f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")

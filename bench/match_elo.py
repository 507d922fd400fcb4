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


# Sequential probability ratio test (Wald): play until the games tell "A is at least
# elo1 stronger" (H1) from "at most elo0" (H0), with error rates alpha and beta. The log
# likelihood ratio of the mean score under the normal approximation above, as chess
# engine testers use it (the trinomial GSPRT):
#     LLR = n (s1 - s0) (2 m - s0 - s1) / (2 var),   s0, s1 = the scores elo0, elo1 expect
# H1 is accepted when LLR >= log((1 - beta) / alpha), H0 when LLR <= log(beta / (1 - alpha)).
def expected_score(elo_difference):
    return 1 / (1 + 10 ** (-elo_difference / 400))


def sprt_bounds(alpha=0.05, beta=0.05):
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(scores, elo0, elo1):
    """The log likelihood ratio of H1 (elo1) against H0 (elo0); 0 before the games spread."""
    n = len(scores)
    if n == 0:
        return 0.0
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    if var == 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_decision(scores, elo0, elo1, alpha=0.05, beta=0.05):
    """'H1' (A is at least elo1 better), 'H0' (at most elo0) or None (play on), and the LLR."""
    llr = sprt_llr(scores, elo0, elo1)
    low, high = sprt_bounds(alpha, beta)
    return ("H1" if llr >= high else "H0" if llr <= low else None), llr

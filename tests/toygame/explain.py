"""The toy's phase explainer function, under the name every game uses."""

from tests.widgets.toy_views import ToyExplainer

explain_phase = ToyExplainer.card

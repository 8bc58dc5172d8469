// LivingSpec

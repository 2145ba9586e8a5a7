"""rulings.model"""
